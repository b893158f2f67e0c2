import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { messageFor } from '@/lib/error-message';
import { errorCases } from '@/testing/cases';
import { signupErrors, validateSignupStep, type SignupValues } from './signup';

const valid: SignupValues = {
  firstname: 'Ada',
  middlename: '',
  lastname: 'Obi',
  username: 'adabeats',
  email: 'ada@example.com',
  phonenumber: '08012345678',
  password: 'secret123',
  confirmPassword: 'secret123',
};

describe('sign-up step schemas (spec §5)', () => {
  it.each([
    [0, { firstname: '' }, { firstname: 'First name is required' }],
    [0, { firstname: '   ' }, { firstname: 'First name is required' }],
    [0, { lastname: '' }, { lastname: 'Last name is required' }],
    [1, { username: '' }, { username: 'Username is required' }],
    [1, { email: '' }, { email: 'Email is required' }],
    [1, { email: 'ada@' }, { email: 'Invalid email format' }],
    [1, { email: 'ada example.com' }, { email: 'Invalid email format' }],
    [1, { phonenumber: '' }, { phonenumber: 'Phone number is required' }],
    [1, { phonenumber: '080123' }, { phonenumber: 'Invalid phone number' }],
    [1, { phonenumber: '0801234567890123' }, { phonenumber: 'Invalid phone number' }],
    [1, { phonenumber: '+2348012345678' }, { phonenumber: 'Invalid phone number' }],
    [2, { password: '', confirmPassword: '' }, { password: 'Password is required', confirmPassword: 'Please confirm your password' }],
    [2, { password: 'short', confirmPassword: 'short' }, { password: 'Password must be at least 8 characters' }],
    [2, { confirmPassword: '' }, { confirmPassword: 'Please confirm your password' }],
    [2, { confirmPassword: 'secret124' }, { confirmPassword: 'Passwords do not match' }],
  ] as const)('step %i with %j', (step, change, expected) => {
    expect(validateSignupStep(step, { ...valid, ...change })).toEqual(expected);
  });

  it('accepts a valid step and an empty middle name', () => {
    expect([0, 1, 2].map((s) => validateSignupStep(s, valid))).toEqual([{}, {}, {}]);
  });

  it('accepts phone numbers of 10 and 15 digits', () => {
    expect(validateSignupStep(1, { ...valid, phonenumber: '0801234567' })).toEqual({});
    expect(validateSignupStep(1, { ...valid, phonenumber: '234801234567890' })).toEqual({});
  });
});

describe('sign-up errors (spec §8)', () => {
  const fieldErrors = [
    { field: 'email', msg: 'Invalid email format' },
    { field: 'username', msg: 'Username is required' },
  ];
  it.each(errorCases([
    [new ApiError(400, 'Validation errors.', fieldErrors), 'Invalid email format | Username is required'],
    [new ApiError(400, ''), 'Validation errors.'],
    [new ApiError(406, ''), 'Email already exists. Please log in or use a different email.'],
    [new ApiError(409, 'Email already exists. Please log in or use a different email.'), 'Email already exists. Please log in or use a different email.'],
    [new ApiError(409, 'Username is already taken.', [{ field: 'username', msg: 'Username is already taken.' }]), 'Username is already taken.'],
    [new ApiError(500, 'boom'), 'Server error. Please try again later.'],
    [new ApiError(502, ''), 'An unexpected error occurred.'],
    [new ApiError(0, ''), 'Network error. Please check your internet connection.'],
  ]))('signup %s', (_, error, expected) => {
    expect(messageFor(error, signupErrors)).toBe(expected);
  });
});
