import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { SignupPage } from './signup-page';
import { VerifyPage } from './verify-page';

const routes = [
  { path: '/signup', element: <SignupPage /> },
  { path: '/verify', element: <VerifyPage /> },
  { path: '/start', element: <p>Role choice</p> },
];

function renderSignup(identity = 'artist') {
  const user = userEvent.setup();
  renderRoutes(routes, `/signup?identity=${identity}`);
  return user;
}

async function fillStepOne(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First Name'), 'Ada');
  await user.type(screen.getByLabelText('Last Name'), 'Obi');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function fillStepTwo(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Username'), 'adabeats');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Phone Number'), '08012345678');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function fillStepThree(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.type(screen.getByLabelText('Confirm Password'), 'secret123');
}

describe('sign-up wizard', () => {
  it('titles the page with the role, hyphens turned into spaces', () => {
    renderSignup('record-label');
    expect(screen.getByRole('heading', { name: 'Signup as record label' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeInTheDocument();
  });

  it('sends an unknown identity back to the role choice', async () => {
    renderSignup('dj');
    expect(await screen.findByText('Role choice')).toBeInTheDocument();
  });

  it('cannot advance while the step has errors, and an edit clears that field’s error', async () => {
    const user = renderSignup();

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('First Name'), 'A');

    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
  });

  it('validates step 2 formats and allows going back', async () => {
    const user = renderSignup();
    await fillStepOne(user);
    expect(screen.getByRole('heading', { name: 'Account Details' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.type(screen.getByLabelText('Phone Number'), '123');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
  });

  it('checks the password step before calling the server', async () => {
    const { calls } = mockApi({});
    const user = renderSignup();
    await fillStepOne(user);
    await fillStepTwo(user);
    expect(screen.getByRole('heading', { name: 'Set Password' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('joins server field errors with " | "', async () => {
    mockApi({
      'POST /auth/signup': {
        status: 400,
        body: {
          message: 'Validation errors.',
          errors: [
            { field: 'email', msg: 'Invalid email format' },
            { field: 'phonenumber', msg: 'Invalid phone number' },
          ],
        },
      },
    });
    const user = renderSignup();
    await fillStepOne(user);
    await fillStepTwo(user);
    await fillStepThree(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email format | Invalid phone number');
  });

  it('sends the identity with an underscore and lands on /verify with the e-mail filled in', async () => {
    const { calls } = mockApi({
      'POST /auth/signup': { status: 201, body: { message: 'Account created.', email: 'ada@example.com' } },
    });
    const user = renderSignup('record-label');
    await fillStepOne(user);
    await fillStepTwo(user);
    await fillStepThree(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Verify Email' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      firstname: 'Ada',
      middlename: '',
      lastname: 'Obi',
      username: 'adabeats',
      email: 'ada@example.com',
      phonenumber: '08012345678',
      password: 'secret123',
      identity: 'record_label',
    });
  });
});
