import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextArea } from '@/components/ui/text-area';
import { messageFor } from '@/lib/error-message';
import { formatNaira } from '@/lib/money';
import { adminCallErrors } from '../api/admin-errors';
import { useDecide } from '../api/review';
import { actOnWithdrawal, useWithdrawalsInReview, type ReviewWithdrawal } from '../api/withdrawals-queue';
import { formatDate } from './format-date';
import { QueueState, type QueueProps } from './queue-state';

const actionErrors = adminCallErrors('Failed to save the decision');

/** A mark's reason is required: it is kept on the withdrawal and in the audit log. */
export const REASON_NEEDED = 'Please give a reason';

/** The amount, then the bank and the account it goes to. */
export function withdrawalName(w: ReviewWithdrawal): string {
  return `${formatNaira(w.amount)} to ${w.bank_name} ${w.account_number}`;
}

type Mark = 'fail' | 'complete';

const MARKS: Record<Mark, { title: string; button: string; busy: string; warning: (w: ReviewWithdrawal) => string }> = {
  fail: {
    title: 'Mark failed',
    button: 'Mark failed',
    busy: 'Marking...',
    warning: (w) =>
      `${formatNaira(w.amount + w.fee)} goes back to ${w.username}'s wallet. Do this only when the payment provider's dashboard shows this transfer failed: a transfer that went out would be paid twice.`,
  },
  complete: {
    title: 'Mark completed',
    button: 'Mark completed',
    busy: 'Marking...',
    warning: (w) =>
      `The withdrawal ends as paid and ${w.username} gets nothing back. Do this only when the provider or the bank confirms the money reached the account.`,
  },
};

/** Look again, Mark failed, Mark completed (both asked in a dialog with a reason) for one withdrawal. */
function WithdrawalActions({ w, onDone }: { w: ReviewWithdrawal; onDone: (text: string) => void }) {
  const act = useDecide('withdrawals', actOnWithdrawal);
  const [marking, setMarking] = useState<Mark | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [error, setError] = useState('');

  const recheck = () => {
    setError('');
    act.mutate(
      { id: w.id, action: 'recheck' },
      { onSuccess: (a) => onDone(`${withdrawalName(w)}: ${a.message}`), onError: (e) => setError(messageFor(e, actionErrors)) },
    );
  };

  const mark = (action: Mark) => {
    const text = reason.trim();
    if (!text) return setReasonError(REASON_NEEDED);
    act.mutate(
      { id: w.id, action, reason: text },
      {
        onSuccess: (a) => {
          setMarking(null);
          onDone(a.message);
        },
        onError: (e) => setReasonError(messageFor(e, actionErrors)),
      },
    );
  };

  const open = (action: Mark) => {
    setReason('');
    setReasonError('');
    setMarking(action);
  };

  return (
    <div className="admin-actions">
      <Button variant="secondary" disabled={act.isPending} onClick={recheck}>
        {act.isPending && !marking ? 'Asking...' : 'Look again'}
      </Button>
      <Button disabled={act.isPending} onClick={() => open('complete')}>
        Mark completed
      </Button>
      <Button variant="danger" disabled={act.isPending} onClick={() => open('fail')}>
        Mark failed
      </Button>
      {error && <Alert>{error}</Alert>}
      {marking && (
        <Dialog
          title={`${MARKS[marking].title}: ${withdrawalName(w)}`}
          onClose={() => setMarking(null)}
          actions={
            <>
              <Button variant="secondary" disabled={act.isPending} onClick={() => setMarking(null)}>
                Cancel
              </Button>
              <Button variant={marking === 'fail' ? 'danger' : undefined} disabled={act.isPending} onClick={() => mark(marking)}>
                {act.isPending ? MARKS[marking].busy : MARKS[marking].button}
              </Button>
            </>
          }
        >
          <p>{MARKS[marking].warning(w)}</p>
          <TextArea
            label="Reason"
            value={reason}
            error={reasonError}
            maxLength={500}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError('');
            }}
          />
        </Dialog>
      )}
    </div>
  );
}

/**
 * Withdrawals pending over a day: the provider never told us how their transfer ended. Their money
 * stays out of the wallet until the provider's word, or an admin's, settles them.
 */
export function WithdrawalsQueue({ onDone }: QueueProps) {
  const query = useWithdrawalsInReview();
  return (
    <QueueState query={query} rows={(d) => d.withdrawals} noun="withdrawals" empty="No withdrawals need review.">
      {(d) => (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Withdrawal</th>
              <th scope="col">By</th>
              <th scope="col">Pending since</th>
              <th scope="col">Provider</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {d.withdrawals.map((w) => (
              <tr key={w.id}>
                <td data-label="Withdrawal">
                  {withdrawalName(w)}
                  <span className="muted"> · fee {formatNaira(w.fee)}</span>
                  <span className="promotion-title">Reference {w.id}</span>
                </td>
                <td data-label="By">{w.username}</td>
                <td data-label="Pending since">{formatDate(w.created_at)}</td>
                <td data-label="Provider">{w.transfer_id ? `Transfer ${w.transfer_id}` : <span className="muted">Not found at the provider</span>}</td>
                <td data-label="Actions">
                  <WithdrawalActions w={w} onDone={onDone} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueueState>
  );
}
