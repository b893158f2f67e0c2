import { useMutation } from '@tanstack/react-query';
import { api, joinFieldErrors, toApiError } from '@/lib/api-client';
import {
  NETWORK_ERROR,
  SERVER_ERROR,
  UNEXPECTED_ERROR,
  type ErrorCatalogue,
} from '@/lib/error-message';
import { firstErrors } from '@/lib/form-errors';
import { formCheck, required, trimmed, type FormCheck } from './form-check';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_TAKEN = 'Email already exists. Please log in or use a different email.';

export type SignupValues = {
  firstname: string;
  middlename: string;
  lastname: string;
  username: string;
  email: string;
  phonenumber: string;
  password: string;
  confirmPassword: string;
};

export type SignupField = keyof SignupValues;
export type FieldErrors = Partial<Record<SignupField, string>>;

const trimmedText = trimmed<SignupValues>('firstname', 'middlename', 'lastname', 'username', 'email', 'phonenumber');

/** Step 1, Personal Information (spec §5). */
const personalInfo = formCheck<SignupValues>(trimmedText, [
  required('firstname', 'First name is required'),
  required('lastname', 'Last name is required'),
]);

/** Step 2, Account Details. */
const accountDetails = formCheck<SignupValues>(trimmedText, [
  required('username', 'Username is required'),
  required('email', 'Email is required'),
  ['email', 'Invalid email format', (v) => !EMAIL_PATTERN.test(v.email)],
  required('phonenumber', 'Phone number is required'),
  ['phonenumber', 'Invalid phone number', (v) => !/^\d{10,15}$/.test(v.phonenumber)],
]);

/** Step 3, Set Password. confirmPassword never leaves the browser. */
const setPassword = formCheck<SignupValues>(
  (input) => input,
  [
    required('password', 'Password is required'),
    ['password', 'Password must be at least 8 characters', (v) => v.password.length < 8],
    required('confirmPassword', 'Please confirm your password'),
  ],
  [['confirmPassword', 'Passwords do not match', (v) => v.password !== v.confirmPassword]],
);

const signupSteps: readonly FormCheck<SignupValues>[] = [personalInfo, accountDetails, setPassword];

/** The first message per field of one step, empty when the step is valid. */
export function validateSignupStep(step: number, values: SignupValues): FieldErrors {
  const result = signupSteps[step].safeParse(values);
  return result.success ? {} : (firstErrors<SignupField>(result.error.issues) as FieldErrors);
}

export type SignupInput = Omit<SignupValues, 'confirmPassword'> & { identity: string };

/** POST /auth/signup: 201 means an OTP is on its way to the e-mail address. */
export function signup(input: SignupInput) {
  const payload = {
    firstname: input.firstname.trim(),
    middlename: input.middlename.trim(),
    lastname: input.lastname.trim(),
    username: input.username.trim(),
    email: input.email.trim(),
    phonenumber: input.phonenumber.trim(),
    password: input.password,
    identity: input.identity,
  };
  return api.post('/auth/signup', { body: payload });
}

/**
 * Spec §8, sign-up. A 409 that names fields (the API's "Username is already taken.") shows
 * those; a bare 406/409 is the e-mail conflict.
 */
export const signupErrors: ErrorCatalogue = {
  byStatus: {
    400: (e) => joinFieldErrors(e) || 'Validation errors.',
    406: EMAIL_TAKEN,
    409: (e) => joinFieldErrors(e) || EMAIL_TAKEN,
    500: SERVER_ERROR,
  },
  network: NETWORK_ERROR,
  fallback: UNEXPECTED_ERROR,
};

/** The message of a 409 that names the username: the name was taken since step 2 checked it. */
export function usernameConflict(error: unknown): string | undefined {
  const apiError = toApiError(error);
  if (apiError.status !== 409) return undefined;
  return apiError.fieldErrors.find((e) => e.field === 'username')?.msg;
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
