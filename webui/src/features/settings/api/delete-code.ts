import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ErrorCatalogue } from '@/lib/error-message';

/** POST /user/delete/code: emails the code that confirms deleting an account without a password. */
export function sendDeleteCode() {
  return api.post('/user/delete/code');
}

export function useSendDeleteCode() {
  return useMutation({ mutationFn: sendDeleteCode });
}

export const deleteCodeErrors: ErrorCatalogue = {
  network: 'No response from server',
  fallback: 'Could not send the code. Please try again.',
};
