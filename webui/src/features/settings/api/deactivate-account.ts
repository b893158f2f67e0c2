import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useEndSession } from '@/lib/auth/logout';
import type { ErrorCatalogue } from '@/lib/error-message';

/** POST /user/deactivate: hides the account until its holder logs in again. */
export function deactivateAccount() {
  return api.post('/user/deactivate');
}

/** Deactivates, then ends the session here and goes to /login with the server's message. */
export function useDeactivateAccount() {
  const endSession = useEndSession();
  return useMutation({ mutationFn: deactivateAccount, onSuccess: (answer) => endSession(answer.message) });
}

export const deactivateErrors: ErrorCatalogue = {
  byStatus: { 401: 'Your session has ended. Please log in again.' },
  network: 'No response from server',
  fallback: 'Could not deactivate your account. Please try again.',
};
