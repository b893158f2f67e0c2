import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_API_URL } from '@/testing/constants';
import { mockApi } from '@/testing/mock-api';
import { browser } from '../api/google-auth';
import {
  checkedUsernames,
  fillStepOne,
  fillStepTwo,
  renderSignup,
  typeAccountDetails,
  usernameFree,
} from '../testing/signup-wizard';

const TAKEN = 'Username is already taken.';
const usernameTaken = { status: 200, body: { available: false, message: TAKEN } } as const;

describe('sign-up wizard: the username on step 2', () => {
  it('reports a taken username beside the field while the user types, asking once they pause', async () => {
    const { fetchMock } = mockApi({ 'GET /auth/check-username': usernameTaken });
    const user = renderSignup('artist', { delay: null });
    await fillStepOne(user);

    await user.type(screen.getByLabelText('Username'), 'adabeats');

    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(TAKEN);
    expect(checkedUsernames(fetchMock)).toEqual(['adabeats']);
  });

  it('checks on Next and stays on step 2 when the name is taken', async () => {
    const { fetchMock, calls } = mockApi({ 'GET /auth/check-username': usernameTaken });
    const user = renderSignup();
    await fillStepOne(user);
    await typeAccountDetails(user);

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Account Details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(TAKEN);
    expect(checkedUsernames(fetchMock)).toContain('adabeats');
    expect(calls.filter((c) => c.path === '/auth/signup')).toHaveLength(0);
  });

  it('an edit clears the message, and a free name moves on', async () => {
    const { fetchMock } = mockApi({
      'GET /auth/check-username': (call) => (call.url.includes('username=adabeats2') ? usernameFree : usernameTaken),
    });
    const user = renderSignup();
    await fillStepOne(user);
    await typeAccountDetails(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Username'), '2');
    expect(screen.queryByText(TAKEN)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Set Password' })).toBeInTheDocument();
    expect(checkedUsernames(fetchMock)).toContain('adabeats2');
  });

  it('shows the server’s format error (400) beside the field and stays', async () => {
    const message = 'Username may only contain letters, numbers, dots and underscores.';
    mockApi({
      'GET /auth/check-username': {
        status: 400,
        body: { message: 'Validation errors.', errors: [{ field: 'username', msg: message }] },
      },
    });
    const user = renderSignup();
    await fillStepOne(user);
    await typeAccountDetails(user, 'ada beats!');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(message);
    expect(screen.getByRole('heading', { name: 'Account Details' })).toBeInTheDocument();
  });

  it.each([
    ['429', { status: 429, body: { message: 'Too many requests. Please try again later.' } }],
    ['500', { status: 500, body: { message: 'Server error. Please try again later.' } }],
    ['no answer', 'network-error' as const],
  ])('does not hold the user back when the check cannot answer (%s): sign-up still refuses a taken name', async (_, reply) => {
    mockApi({ 'GET /auth/check-username': reply });
    const user = renderSignup();
    await fillStepOne(user);
    await fillStepTwo(user);
    expect(screen.queryByText(TAKEN)).not.toBeInTheDocument();
  });

  it('a name taken meanwhile (409 at sign-up) brings the user back to step 2 with the message beside the field', async () => {
    mockApi({
      'GET /auth/check-username': usernameFree,
      'POST /auth/signup': {
        status: 409,
        body: { message: TAKEN, errors: [{ field: 'username', msg: TAKEN }] },
      },
    });
    const user = renderSignup();
    await fillStepOne(user);
    await fillStepTwo(user);
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Account Details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(TAKEN);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('sign-up wizard: Google on step 3', () => {
  it('keeps the identity, username and phone number typed before', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockApi({ 'GET /auth/check-username': usernameFree });
    const user = renderSignup('record-label');
    await fillStepOne(user);
    await fillStepTwo(user);

    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));

    expect(assign).toHaveBeenCalledTimes(1);
    const url = new URL(assign.mock.calls[0][0]);
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_API_URL}/auth/google`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      identity: 'record_label',
      username: 'adabeats',
      phonenumber: '08012345678',
    });
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });
});
