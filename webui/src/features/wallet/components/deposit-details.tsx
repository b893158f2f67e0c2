import { Button } from '@/components/ui/button';
import { DEPOSIT_STATE_LABEL, EXPIRED_TEXT, depositCountdown, useNow } from '../deposit-countdown';
import { CopyButton } from './copy-button';

export type DepositAccount = { accountNumber: string; bankName: string; reference: string; expiresAt: string | null };

type Props = { account: DepositAccount; onRenew: () => void; renewing: boolean; now?: number };

/**
 * Spec part 2 §2/§4 Deposit Funds: the temporary account to pay into by bank transfer, with a
 * countdown to its expiry in three states (Temporary Account, Expiring Soon under an hour,
 * Expired). An expired account's number is no longer shown as something to pay into.
 */
export function DepositDetails({ account, onRenew, renewing, now }: Props) {
  const clock = useNow();
  const countdown = depositCountdown(account.expiresAt, now ?? clock);
  const expired = countdown.state === 'expired';
  return (
    <div className={`deposit-details deposit-${countdown.state}`}>
      <p className="deposit-state">
        <span className={`badge badge-${countdown.state}`}>{DEPOSIT_STATE_LABEL[countdown.state]}</span>
        {!expired && countdown.remaining && <span className="muted"> Expires in {countdown.remaining}</span>}
      </p>
      {expired ? (
        <>
          <p role="alert">{EXPIRED_TEXT}</p>
          <Button onClick={onRenew} disabled={renewing}>
            {renewing ? 'Generating...' : 'Generate New Account'}
          </Button>
        </>
      ) : (
        <>
          <p className="muted">Transfer any amount to this account from your bank app. It arrives in your wallet once the bank confirms it.</p>
          <dl className="deposit-fields">
            <div>
              <dt>Bank</dt>
              <dd>{account.bankName}</dd>
            </div>
            <div>
              <dt>Account Number</dt>
              <dd>
                <span className="deposit-number">{account.accountNumber}</span>
                <CopyButton value={account.accountNumber} label="Copy account number" />
              </dd>
            </div>
            <div>
              <dt>Reference</dt>
              <dd>{account.reference}</dd>
            </div>
          </dl>
        </>
      )}
    </div>
  );
}
