import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toApiError } from '@/lib/api-client';
import { useAttemptKey } from '@/lib/attempt-key';
import { messageFor } from '@/lib/error-message';
import { useTerms } from '@/lib/terms';
import type { DepositAccount } from '@/types/api';
import {
  checkDepositAmount,
  depositErrors,
  minDepositText,
  NO_ACCOUNT_DETAILS,
  openDepositAccount,
  useDepositAccount,
} from '../api/deposit-account';
import { useWallet, walletKeys } from '../api/wallet';
import { DepositDetails } from './deposit-details';
import { PermanentAccountSection } from './permanent-account';

/**
 * Deposit Funds: how much first (at least the terms' minimum), then the temporary account the
 * server opens for exactly that amount, with its state (Temporary Account, Expiring Soon,
 * Expired, Paid). Paid is read from the wallet, which is polled while the panel is open: the
 * deposit's entry carries the account's reference. "Open a New Account" asks for an amount again.
 * Below it, the permanent account, offered once.
 */
export function DepositPanel() {
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  const current = useDepositAccount();
  const wallet = useWallet(true);
  const minimum = useTerms().data?.deposit.minimum;
  // The account on screen: the server's open one, or the one just opened here. It stays on
  // screen once the server stops answering it (paid or expired), to show how it ended.
  const [shown, setShown] = useState<DepositAccount | null>(null);
  if (current.data && current.data.reference !== shown?.reference && !shownIsNewer(shown, current.data)) setShown(current.data);
  const [asking, setAsking] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();

  const open = useMutation({
    mutationFn: (naira: number) => openDepositAccount(naira, attempt.key()),
    onSuccess: (account) => {
      attempt.settle();
      setShown(account);
      setAsking(false);
      setAmount('');
      queryClient.setQueryData(walletKeys.deposit, account);
    },
    onError: (e) => {
      attempt.settle(e);
      const apiError = toApiError(e);
      const field = apiError.fieldErrors.find((f) => f.field === 'amount');
      setError(field?.msg ?? messageFor(e, depositErrors));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkDepositAmount(amount, minimum);
    if ('error' in checked) return setError(checked.error);
    open.mutate(checked.amount);
  };

  const account = asking ? null : shown;
  const paid = !!account && !!wallet.data?.recent.some((t) => t.type === 'deposit' && t.reference === account.reference);

  return (
    <section className="wallet-card" aria-labelledby="deposit-title">
      <h2 id="deposit-title">Deposit Funds</h2>
      {current.isPending && !account && <Spinner label="Loading account details..." />}
      {current.isError && !account && (
        <div className="alert alert-error" role="alert">
          {messageFor(current.error, depositErrors)}
          <Button variant="secondary" onClick={() => current.refetch()}>
            Try Again
          </Button>
        </div>
      )}
      {account ? (
        <DepositDetails
          account={account}
          paid={paid}
          onNew={() => {
            open.reset();
            setError(undefined);
            setAsking(true);
          }}
        />
      ) : (
        !current.isPending && (
          <form className="wallet-form" onSubmit={submit} noValidate>
            {!shown && <p className="muted">{NO_ACCOUNT_DETAILS}</p>}
            <TextField
              label="Amount to deposit (₦)"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setError(undefined);
              }}
              error={error}
            />
            {minimum !== undefined && <p className="muted">{minDepositText(minimum)}</p>}
            <Button type="submit" disabled={open.isPending}>
              {open.isPending ? 'Opening...' : 'Get Account Details'}
            </Button>
            {shown && (
              <Button variant="ghost" onClick={() => setAsking(false)}>
                Back
              </Button>
            )}
          </form>
        )
      )}
      <PermanentAccountSection />
    </section>
  );
}

/** Whether the account opened here is newer than the one the server answered (a GET in flight when it was opened). */
function shownIsNewer(shown: DepositAccount | null, fromServer: DepositAccount): boolean {
  return !!shown && !!shown.expiresAt && !!fromServer.expiresAt && Date.parse(shown.expiresAt) > Date.parse(fromServer.expiresAt);
}
