import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { messageFor } from '@/lib/error-message';
import { formatNaira } from '@/lib/money';
import { useAttemptKey } from '@/lib/attempt-key';
import { useTerms } from '@/lib/terms';
import { canSubmitTransfer, checkTransfer, EMAIL_ERROR, isEmail, NOTE_MAX, sendTransfer, transferErrors, type TransferBody, type TransferInput } from '../api/transfer';
import { walletKeys } from '../api/wallet';

const EMPTY: TransferInput = { email: '', amount: '', note: '' };

/**
 * Transfer Money: recipient email, amount (at least the terms' minimum), note; then a confirmation naming both; then
 * the success view. One Idempotency-Key per attempt (Try Again after no answer resends it).
 */
export function TransferPanel({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  const terms = useTerms();
  const [input, setInput] = useState<TransferInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [confirming, setConfirming] = useState<TransferBody | null>(null);
  const transfer = useMutation({
    mutationFn: (body: TransferBody) => sendTransfer(body, attempt.key()),
    onSuccess: () => {
      attempt.settle();
      void queryClient.invalidateQueries({ queryKey: walletKeys.wallet });
    },
    onError: (error) => attempt.settle(error),
  });

  const edit = (field: keyof TransferInput) => (e: { target: { value: string } }) => {
    setInput((v) => ({ ...v, [field]: e.target.value }));
    setErrors((v) => ({ ...v, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Until the terms load, the server alone checks the minimum (it refuses with its message).
    const checked = checkTransfer(input, terms.data?.transfer.minimum ?? 0);
    if ('errors' in checked) return setErrors(checked.errors);
    setConfirming(checked.body);
  };

  if (transfer.isSuccess) {
    const { data } = transfer.data;
    return (
      <section className="wallet-card wallet-form" aria-labelledby="transfer-title">
        <h2 id="transfer-title">Transfer Successful</h2>
        <p role="status">
          {formatNaira(data.amount)} sent to {data.recipient.username}.
        </p>
        <Button
          onClick={() => {
            transfer.reset();
            setConfirming(null);
            setInput(EMPTY);
          }}
        >
          Make Another Transfer
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </section>
    );
  }

  if (confirming) {
    return (
      <section className="wallet-card wallet-form" aria-labelledby="transfer-title">
        <h2 id="transfer-title">Confirm Transfer</h2>
        <dl className="deposit-fields">
          <dt>Recipient</dt>
          <dd>{confirming.email}</dd>
          <dt>Amount</dt>
          <dd>{formatNaira(confirming.amount)}</dd>
          {confirming.note && (
            <>
              <dt>Note</dt>
              <dd>{confirming.note}</dd>
            </>
          )}
        </dl>
        {transfer.isError && (
          <p className="alert alert-error" role="alert">
            {messageFor(transfer.error, transferErrors)}
          </p>
        )}
        <Button disabled={transfer.isPending} onClick={() => transfer.mutate(confirming)}>
          {transfer.isPending ? 'Sending...' : transfer.isError ? 'Try Again' : 'Confirm Transfer'}
        </Button>
        <Button
          variant="ghost"
          disabled={transfer.isPending}
          onClick={() => {
            transfer.reset();
            attempt.settle();
            setConfirming(null);
          }}
        >
          Edit
        </Button>
      </section>
    );
  }

  return (
    <form className="wallet-card wallet-form" aria-labelledby="transfer-title" onSubmit={submit} noValidate>
      <h2 id="transfer-title">Transfer Money</h2>
      <TextField
        label="Recipient email"
        type="email"
        autoComplete="off"
        value={input.email}
        onChange={edit('email')}
        onBlur={() => input.email.trim() && !isEmail(input.email) && setErrors((v) => ({ ...v, email: EMAIL_ERROR }))}
        error={errors.email}
      />
      <TextField label="Amount (₦)" inputMode="decimal" value={input.amount} onChange={edit('amount')} error={errors.amount} />
      <TextField label="Note (optional)" maxLength={NOTE_MAX} value={input.note} onChange={edit('note')} error={errors.note} />
      <Button type="submit" disabled={!canSubmitTransfer(input)}>
        Continue
      </Button>
      <Button variant="ghost" onClick={onClose}>
        Cancel
      </Button>
    </form>
  );
}
