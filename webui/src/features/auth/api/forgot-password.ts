import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  NETWORK_ERROR,
  SERVER_ERROR,
  UNEXPECTED_ERROR,
  type ErrorCatalogue,
} from '@/lib/error-message';
import { formCheck, required, trimmed } from './form-check';

export const FORGOT_SUCCESS = 'Password reset link sent to your email. Please check your inbox.';

/** Spec §5: the same alert the verify page shows for a missing e-mail. */
export type ForgotPasswordInput = { email: string };

export const forgotPasswordSchema = formCheck<ForgotPasswordInput>(trimmed('email'), [required('email', 'Please enter your email address.')]);

/**
 * POST /auth/forgot-password. Nothing is kept in the browser: the e-mailed link carries both
 * the token and the e-mail, so it works on whichever device the mail is read.
 */
export function forgotPassword(input: ForgotPasswordInput) {
  return api.post('/auth/forgot-password', { body: input });
}

/** Spec §8, forgot. */
export const forgotPasswordErrors: ErrorCatalogue = {
  byStatus: { 404: 'User not found. Please check your email.', 500: SERVER_ERROR },
  network: NETWORK_ERROR,
  fallback: UNEXPECTED_ERROR,
};

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
