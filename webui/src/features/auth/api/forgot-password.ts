import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  NETWORK_ERROR,
  SERVER_ERROR,
  UNEXPECTED_ERROR,
  type ErrorCatalogue,
} from '@/lib/error-message';
import { requiredText, z } from '@/lib/validation';
import type { MessageResponse } from '@/types/api';

/** localStorage key holding the e-mail the reset page sends with the token (spec §3). */
export const RESET_EMAIL_KEY = 'password-reset-email';

export const FORGOT_SUCCESS = 'Password reset link sent to your email. Please check your inbox.';

/** Spec §5: the same alert the verify page shows for a missing e-mail. */
export const forgotPasswordSchema = z.object({
  email: requiredText('Please enter your email address.'),
});

export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /auth/forgot-password; on success remembers the e-mail for /reset. */
export async function forgotPassword(input: ForgotPasswordInput): Promise<MessageResponse> {
  const response = await api.post<MessageResponse>('/auth/forgot-password', input);
  localStorage.setItem(RESET_EMAIL_KEY, input.email);
  return response;
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
