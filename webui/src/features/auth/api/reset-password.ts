import { useMutation } from '@tanstack/react-query';
import { api, joinFieldErrors, toApiError } from '@/lib/api-client';
import { UNEXPECTED_ERROR } from '@/lib/error-message';
import { z } from '@/lib/validation';
import type { MessageResponse } from '@/types/api';
import { RESET_EMAIL_KEY } from './forgot-password';

export const PASSWORDS_MISMATCH = 'Passwords do not match!';
export const RESET_EMAIL_MISSING = 'Email not found. Redirecting to Forgot Password page...';
export const RESET_SUCCESS = 'Password reset successful. Please log in.';

/** Spec §5: both fields required and equal, one message for all three failures. */
export const resetPasswordSchema = z
  .object({
    newPassword: z.string().check(z.minLength(1, PASSWORDS_MISMATCH)),
    confirmPassword: z.string().check(z.minLength(1, PASSWORDS_MISMATCH)),
  })
  .check(z.refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_MISMATCH }));

export type ResetPasswordInput = { email: string; token: string; newPassword: string };

export function getResetEmail(): string | null {
  return localStorage.getItem(RESET_EMAIL_KEY);
}

/** POST /auth/reset-password; the stored e-mail is forgotten once it has served. */
export async function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  const response = await api.post<MessageResponse>('/auth/reset-password', input);
  localStorage.removeItem(RESET_EMAIL_KEY);
  return response;
}

/** Spec §7/§8: the field errors, else the server's message, else the generic text. */
export function resetPasswordErrorMessage(error: unknown): string {
  const apiError = toApiError(error);
  if (apiError.status === 0) return UNEXPECTED_ERROR;
  return joinFieldErrors(apiError) || apiError.message || UNEXPECTED_ERROR;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
