import { useMutation } from '@tanstack/react-query';
import { api, joinFieldErrors, toApiError } from '@/lib/api-client';
import { UNEXPECTED_ERROR } from '@/lib/error-message';
import { formCheck, required } from './form-check';

export const PASSWORDS_MISMATCH = 'Passwords do not match!';
export const RESET_SUCCESS = 'Password reset successful. Please log in.';
export const RESET_LINK_INVALID = 'This password reset link is invalid or incomplete.';

/** Spec §5: both fields required and equal, one message for all three failures. */
export const resetPasswordSchema = formCheck<{ newPassword: string; confirmPassword: string }>(
  (input) => input,
  [required('newPassword', PASSWORDS_MISMATCH), required('confirmPassword', PASSWORDS_MISMATCH)],
  [[null, PASSWORDS_MISMATCH, (v) => v.newPassword !== v.confirmPassword]],
);

/**
 * What the e-mailed link `{APP_URL}/reset?token=<token>&email=<e-mail>` carries. Both come
 * from the link, never from this browser's storage: the link is often opened on another
 * device (the phone the mail was read on) than the one that asked for it.
 */
export type ResetLink = { token: string; email?: string };

/** The link's token and e-mail; null when it has no token (nothing to reset with). */
export function readResetLink(params: URLSearchParams): ResetLink | null {
  const token = params.get('token')?.trim();
  if (!token) return null;
  const email = params.get('email')?.trim();
  return email ? { token, email } : { token };
}

export type ResetPasswordInput = ResetLink & { newPassword: string };

/** POST /auth/reset-password {email?, token, newPassword}: the API finds the account by token. */
export function resetPassword(input: ResetPasswordInput) {
  return api.post('/auth/reset-password', { body: input });
}

/** Spec §7/§8: the field errors, else the server's message, else the generic text. */
export function resetPasswordErrorMessage(error: unknown): string {
  const apiError = toApiError(error);
  if (apiError.status === 0) return UNEXPECTED_ERROR;
  return joinFieldErrors(apiError) || apiError.message || UNEXPECTED_ERROR;
}

/** Whether the failure is the link's fault (unknown, used or expired token): a new one helps. */
export function isBadResetLink(error: unknown): boolean {
  const apiError = toApiError(error);
  return apiError.status === 400 && apiError.fieldErrors.some((e) => e.field === 'token');
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
