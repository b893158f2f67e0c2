import { useMutation } from '@tanstack/react-query';
import { api, joinFieldErrors, toApiError } from '@/lib/api-client';
import {
  NETWORK_ERROR,
  SERVER_ERROR,
  UNEXPECTED_ERROR,
  type ErrorCatalogue,
} from '@/lib/error-message';
import { firstErrors, requiredText, text, z } from '@/lib/validation';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_TAKEN = 'Email already exists. Please log in or use a different email.';

/** Step 1, Personal Information (spec §5). */
export const personalInfoSchema = z.object({
  firstname: requiredText('First name is required'),
  middlename: text(),
  lastname: requiredText('Last name is required'),
});

/** Step 2, Account Details. */
export const accountDetailsSchema = z.object({
  username: requiredText('Username is required'),
  email: requiredText('Email is required').check(z.regex(EMAIL_PATTERN, 'Invalid email format')),
  phonenumber: requiredText('Phone number is required').check(
    z.regex(/^\d{10,15}$/, 'Invalid phone number'),
  ),
});

/** Step 3, Set Password. confirmPassword never leaves the browser. */
export const setPasswordSchema = z
  .object({
    password: z
      .string()
      .check(
        z.minLength(1, 'Password is required'),
        z.minLength(8, 'Password must be at least 8 characters'),
      ),
    confirmPassword: z.string().check(z.minLength(1, 'Please confirm your password')),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: 'Passwords do not match',
      path: ['confirmPassword'],
    }),
  );

export const signupStepSchemas = [personalInfoSchema, accountDetailsSchema, setPasswordSchema] as const;

export type SignupValues = z.input<typeof personalInfoSchema> &
  z.input<typeof accountDetailsSchema> &
  z.input<typeof setPasswordSchema>;

export type SignupField = keyof SignupValues;
export type FieldErrors = Partial<Record<SignupField, string>>;

/** The first message per field of one step, empty when the step is valid. */
export function validateSignupStep(step: number, values: SignupValues): FieldErrors {
  const result = signupStepSchemas[step].safeParse(values);
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
