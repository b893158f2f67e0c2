import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useEndSession } from '@/lib/auth/logout';
import type { ErrorCatalogue } from '@/lib/error-message';
import { firstErrors } from '@/lib/form-errors';
import { z } from '@/lib/validation';

/** The confirmation: the password, or for an account without one (Google) the emailed code. */
export type DeleteInput = { password: string; otp: string; withCode: boolean };
export type DeleteBody = { password?: string; otp?: string };

export const PASSWORD_REQUIRED = 'Password is required';
export const CODE_REQUIRED = 'Code is required';

const deleteSchema = z.object({
  password: z.string(),
  otp: z.string().check(z.trim()),
  withCode: z.boolean(),
}).check(
  z.refine((v) => v.withCode || v.password !== '', { message: PASSWORD_REQUIRED, path: ['password'] }),
  z.refine((v) => !v.withCode || v.otp !== '', { message: CODE_REQUIRED, path: ['otp'] }),
);

/** The body to send, or the first message per field. */
export function checkDelete(input: DeleteInput): { body: DeleteBody } | { errors: Partial<Record<'password' | 'otp' | '_form', string>> } {
  const result = deleteSchema.safeParse(input);
  if (!result.success) return { errors: firstErrors<'password' | 'otp'>(result.error.issues) };
  return { body: result.data.withCode ? { otp: result.data.otp } : { password: result.data.password } };
}

/** POST /user/delete: deletes the account and everything in it. */
export function deleteAccount(body: DeleteBody) {
  return api.post('/user/delete', { body });
}

/** Deletes, then ends the session here and goes to /login with the server's message. */
export function useDeleteAccount() {
  const endSession = useEndSession();
  return useMutation({ mutationFn: deleteAccount, onSuccess: (answer) => endSession(answer.message) });
}

export const deleteErrors: ErrorCatalogue = {
  byStatus: { 401: 'Your session has ended. Please log in again.' },
  network: 'No response from server',
  fallback: 'Could not delete your account. Please try again.',
};
