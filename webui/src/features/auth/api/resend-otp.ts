import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SERVER_ERROR, UNEXPECTED_ERROR, type ErrorCatalogue } from '@/lib/error-message';
import { formCheck, required, trimmed } from './form-check';

export const RESEND_SUCCESS = 'OTP resent successfully!';

export const resendOtpSchema = formCheck<{ email: string }>(trimmed('email'), [required('email', 'Please enter your email address.')]);

/** POST /auth/resend-otp. */
export function resendOtp(input: { email: string }) {
  return api.post('/auth/resend-otp', { body: input });
}

/** Spec §8, resend. */
export const resendOtpErrors: ErrorCatalogue = {
  byStatus: { 500: SERVER_ERROR },
  fallback: UNEXPECTED_ERROR,
};

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
