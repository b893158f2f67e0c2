import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextArea } from '@/components/ui/text-area';
import { messageFor } from '@/lib/error-message';
import { adminCallErrors } from '../api/admin-errors';
import { useDecide, type Decide } from '../api/review';

export const REASON_REQUIRED = 'Please give a reason for the rejection';

const decideErrors = adminCallErrors('Failed to save the decision');

type Props = { queue: string; decide: Decide; id: string; name: string; onDone: (text: string) => void };

/**
 * Approve, or Reject with a reason (asked in a dialog), for one item of a review queue. The
 * buttons stay disabled while a decision is on its way, so a double click decides once.
 */
export function ReviewActions({ queue, decide: send, id, name, onDone }: Props) {
  const decide = useDecide(queue, send);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [error, setError] = useState('');

  const approve = () => {
    setError('');
    decide.mutate({ id, action: 'approve' }, { onSuccess: () => onDone(`${name} approved.`), onError: (e) => setError(messageFor(e, decideErrors)) });
  };

  const reject = () => {
    const text = reason.trim();
    if (!text) return setReasonError(REASON_REQUIRED);
    decide.mutate(
      { id, action: 'reject', reason: text },
      {
        onSuccess: () => {
          setRejecting(false);
          onDone(`${name} rejected.`);
        },
        onError: (e) => setReasonError(messageFor(e, decideErrors)),
      },
    );
  };

  return (
    <div className="admin-actions">
      <Button disabled={decide.isPending} onClick={approve}>
        {decide.isPending && !rejecting ? 'Approving...' : 'Approve'}
      </Button>
      <Button variant="danger" disabled={decide.isPending} onClick={() => setRejecting(true)}>
        Reject
      </Button>
      {error && <Alert>{error}</Alert>}
      {rejecting && (
        <Dialog
          title={`Reject ${name}`}
          onClose={() => setRejecting(false)}
          actions={
            <>
              <Button variant="secondary" disabled={decide.isPending} onClick={() => setRejecting(false)}>
                Cancel
              </Button>
              <Button variant="danger" disabled={decide.isPending} onClick={reject}>
                {decide.isPending ? 'Rejecting...' : 'Reject'}
              </Button>
            </>
          }
        >
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
