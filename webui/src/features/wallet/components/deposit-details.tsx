import { Button } from '@/components/ui/button';
import { formatNaira } from '@/lib/money';
import type { DepositAccount } from '@/types/api';
import { DEPOSIT_STATE_LABEL, EXPIRED_TEXT, depositCountdown, useNow } from '../deposit-countdown';
import { CopyButton } from './copy-button';

type Props = { account: DepositAccount; paid: boolean; onNew: () => void; now?: number };

/**
 * Spec part 2 §2/§4 Deposit Funds: the temporary account opened for one amount, to pay into by
 * bank transfer, with its state: Temporary Account, Expiring Soon (under 10 minutes left),
 * Expired, or Paid once the deposit reached the wallet. An expired or paid account's number is
 * no longer shown as something to pay into (the bank would return the transfer); a new account
 * can be opened at any time.
 */
export function DepositDetails({ account, paid, onNew, now }: Props) {
  const clock = useNow();
  const countdown = depositCountdown(account.expiresAt, now ?? clock, paid);
  const { state } = countdown;
  const usable = state === 'temporary' || state === 'expiring';
  return (
    <div className={`deposit-details deposit-${state}`}>
      <p className="deposit-state">
        <span className={`badge badge-${state}`} data-testid="deposit-state">
          {DEPOSIT_STATE_LABEL[state]}
        </span>
        {usable && countdown.remaining && <span className="muted"> Expires in {countdown.remaining}</span>}
      </p>
      {state === 'expired' && <p role="alert">{EXPIRED_TEXT}</p>}
      {state === 'paid' && <p role="status">{formatNaira(account.amount)} arrived in your wallet.</p>}
      {usable && (
        <>
          <p className="muted">
            Transfer exactly <strong>{formatNaira(account.amount)}</strong> to this account from your bank app, once. Any other amount,
            a second transfer or one after it expires is returned to you by the bank.
          </p>
          <dl className="deposit-fields">
            <div>
              <dt>Amount</dt>
              <dd data-testid="deposit-amount">{formatNaira(account.amount)}</dd>
            </div>
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
      <Button variant={usable ? 'secondary' : 'primary'} onClick={onNew}>
        {state === 'expired' ? 'Generate New Account' : 'Open a New Account'}
      </Button>
    </div>
  );
}
