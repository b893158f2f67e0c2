import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY } from './admin-session';

/** A decision on one item of a review queue. */
export type Decision = { id: string } & ({ action: 'approve' } | { action: 'reject'; reason: string });

/** What a queue does with a decision: POST /admin/{queue}/{id}/approve or /reject {reason}. */
export type Decide = (decision: Decision) => Promise<unknown>;

/** A queue's cached lists live under this key. */
export const queueKey = (queue: string) => [ADMIN_KEY, 'queue', queue] as const;

/**
 * Sends `decide`, then asks the queue and the audit list again, whether it worked or not
 * (another admin may have decided first).
 */
export function useDecide<D, R = unknown>(queue: string, decide: (d: D) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queueKey(queue) });
      await queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'audit'] });
    },
  });
}
