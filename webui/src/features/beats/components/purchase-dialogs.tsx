import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { formatNaira } from '@/lib/money';
import type { BeatPost } from '@/types/api';
import { useBalance } from '../api/balance';
import { PURCHASE_TEXTS, type PurchaseFailure } from '../api/purchase-errors';

type ConfirmProps = {
  beat: Pick<BeatPost, 'amount' | 'caption' | 'username'>;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * "Confirm Purchase": what is bought and for how much, with the wallet's balance (read when the
 * dialog opens), Confirm disabled when it is short. Loaded by BuyLicence when the buyer first taps
 * the price, so no list of beats carries it.
 */
export function ConfirmPurchaseDialog({ beat, onConfirm, onClose }: ConfirmProps) {
  const balance = useBalance(true);
  const short = balance !== undefined && balance < beat.amount;
  const price = formatNaira(beat.amount);
  return (
    <Dialog
      title="Confirm Purchase"
      role="alertdialog"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={short}>
            Confirm Purchase
          </Button>
        </>
      }
    >
      <p>
        Buy a licence to <strong>{beat.caption || 'Untitled'}</strong> by {beat.username} for <strong>{price}</strong>?
      </p>
      <p className="muted">The amount is paid from your wallet balance. You get a non-exclusive licence and 5 downloads.</p>
      {balance !== undefined && (
        <p role={short ? 'alert' : undefined}>
          Your wallet balance: {formatNaira(balance)}
          {short && '. It is not enough for this beat: deposit funds first.'}
        </p>
      )}
    </Dialog>
  );
}

type ErrorProps = {
  failure: PurchaseFailure;
  onRetry: () => void;
  onClose: () => void;
};

/** The "Purchase Error" dialog: Try Again only when trying again can change the answer, and the way to the wallet when the balance is short. */
export function PurchaseErrorDialog({ failure, onRetry, onClose }: ErrorProps) {
  return (
    <Dialog
      title={PURCHASE_TEXTS.errorTitle}
      role="alertdialog"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {!failure.final && <Button onClick={onRetry}>Try Again</Button>}
        </>
      }
    >
      <p>{failure.text}</p>
      {failure.detail && <p className="muted">{failure.detail}</p>}
      {failure.insufficient && (
        <p>
          <Link to={paths.deposit}>Deposit funds into your wallet</Link>
        </p>
      )}
    </Dialog>
  );
}
