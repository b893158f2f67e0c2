import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SERVER_ERROR, UNEXPECTED_ERROR, serverMessageOr, type ErrorCatalogue } from '@/lib/error-message';
import { formCheck, required, trimmed } from './form-check';

const BOTH_REQUIRED = 'Please enter both email and OTP.';

/** Spec §5: one alert when either field is empty. */
export type VerifyEmailInput = { email: string; otp: string };

export const verifyEmailSchema = formCheck<VerifyEmailInput>(trimmed('email', 'otp'), [
  required('email', BOTH_REQUIRED),
  required('otp', BOTH_REQUIRED),
]);

/** POST /auth/verify-email. */
export function verifyEmail(input: VerifyEmailInput) {
  return api.post('/auth/verify-email', { body: input });
}

/**
 * Spec §8, verify. The API words expired codes and too many tries more precisely than the
 * catalogue's 400 text, so its message wins when present.
 */
export const verifyEmailErrors: ErrorCatalogue = {
  byStatus: { 400: serverMessageOr('Invalid OTP. Please try again.'), 500: SERVER_ERROR },
  fallback: UNEXPECTED_ERROR,
};

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
