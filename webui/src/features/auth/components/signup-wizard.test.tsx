import { screen, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import {
  fillStepOne,
  fillStepThree,
  fillStepTwo,
  renderSignup,
  typeAccountDetails,
  usernameFree,
} from '../testing/signup-wizard';

/**
 * A browser runs microtasks, where React commits a click's state update, after the click
 * listeners and before the click's default action (such as submitting the form). jsdom,
 * dispatching from script, runs the default action first. Committing React's work from a
 * last click listener gives the browser's order.
 */
function commitBeforeDefaultActions() {
  const commit = () => flushSync(() => {});
  document.addEventListener('click', commit);
  return () => document.removeEventListener('click', commit);
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
    const { calls } = mockApi({ 'GET /auth/check-username': usernameFree });
    const user = renderSignup();
    await fillStepOne(user);
    await fillStepTwo(user);

    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/auth/signup')).toHaveLength(0);
  });

  it('shows no password errors on step 3 before the user types', async () => {
    mockApi({ 'GET /auth/check-username': usernameFree });
    const user = renderSignup();
    const stop = commitBeforeDefaultActions();
    await fillStepOne(user);
    await fillStepTwo(user);
    stop();

    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Please confirm your password')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('Enter moves on a step at a time and submits on the last', async () => {
    const { calls } = mockApi({
      'GET /auth/check-username': usernameFree,
      'POST /auth/signup': { status: 201, body: { message: 'Account created. Check your email for the verification code.', email: 'ada@example.com' } },
    });
    const user = renderSignup();
    await user.type(screen.getByLabelText('First Name'), 'Ada');
    await user.type(screen.getByLabelText('Last Name'), 'Obi{Enter}');
    expect(await screen.findByRole('heading', { name: 'Account Details' })).toBeInTheDocument();

    await typeAccountDetails(user);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Set Password' })).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();

    await fillStepThree(user);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Verify Email' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/auth/signup')).toHaveLength(1);
  });

  it('judges a field once the user leaves it with a value, and an untouched empty one only on Next', async () => {
    const user = renderSignup();
    await fillStepOne(user);

    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.tab();

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email format');
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Phone number is required')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
  });

  it('joins server field errors with " | "', async () => {
    mockApi({
      'GET /auth/check-username': usernameFree,
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
      'GET /auth/check-username': usernameFree,
      'POST /auth/signup': { status: 201, body: { message: 'Account created. Check your email for the verification code.', email: 'ada@example.com' } },
    });
    const user = renderSignup('record-label');
    await fillStepOne(user);
    await fillStepTwo(user);
    await fillStepThree(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Verify Email' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    const signups = () => calls.filter((c) => c.path === '/auth/signup');
    await waitFor(() => expect(signups()).toHaveLength(1));
    expect(JSON.parse(String(signups()[0].init.body))).toEqual({
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
