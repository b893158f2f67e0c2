import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { messageFor } from '@/lib/error-message';
import { checkBvn, openPermanentAccount, permanentErrors, usePermanentAccount } from '../api/permanent-account';
import { walletKeys } from '../api/wallet';
import { CopyButton } from './copy-button';

/**
 * The permanent account: a number of the user's own that takes any amount, any time, and never
 * expires; opened once with the user's BVN, as the provider requires. The BVN lives in this
 * form's state only until the request is answered (it is cleared then, and never cached); the
 * server keeps only its last 4 digits, which are all that is shown.
 */
export function PermanentAccountSection() {
  const queryClient = useQueryClient();
  const permanent = usePermanentAccount();
  const [offered, setOffered] = useState(false);
  const [bvn, setBvn] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (permanent.isPending) return null;
  const account = permanent.data;
  if (account) {
    return (
      <section className="deposit-permanent" aria-labelledby="permanent-title">
        <h3 id="permanent-title">Permanent Account</h3>
        <p className="muted">Transfer any amount to it, any time: it never expires.</p>
        <dl className="deposit-fields">
          <div>
            <dt>Bank</dt>
            <dd>{account.bankName}</dd>
          </div>
          <div>
            <dt>Account Number</dt>
            <dd>
              <span className="deposit-number" data-testid="permanent-number">
                {account.accountNumber}
              </span>
              <CopyButton value={account.accountNumber} label="Copy permanent account number" />
            </dd>
          </div>
          <div>
            <dt>BVN</dt>
            <dd>ending {account.bvnLast4}</dd>
          </div>
        </dl>
      </section>
    );
  }
  if (!offered) {
    return (
      <Button variant="ghost" onClick={() => setOffered(true)}>
        Get a Permanent Account Number
      </Button>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkBvn(bvn);
    if ('error' in checked) return setError(checked.error);
    setBusy(true);
    try {
      const opened = await openPermanentAccount(checked.bvn);
      queryClient.setQueryData(walletKeys.permanent, opened);
    } catch (failure) {
      setError(messageFor(failure, permanentErrors));
    } finally {
      setBvn('');
      setBusy(false);
    }
  };

  return (
    <form className="wallet-form deposit-permanent" onSubmit={submit} noValidate aria-labelledby="permanent-title">
      <h3 id="permanent-title">Permanent Account</h3>
      <p className="muted">
        The bank needs your BVN to open an account number of your own. We send it to our payment provider and keep only its last 4
        digits.
      </p>
      <TextField
        label="BVN"
        name="bvn"
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        value={bvn}
        onChange={(e) => {
          setBvn(e.target.value);
          setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Opening...' : 'Open Permanent Account'}
      </Button>
    </form>
  );
}
