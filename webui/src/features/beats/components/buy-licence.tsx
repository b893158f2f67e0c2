import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { formatNaira } from '@/lib/money';
import type { BeatPost } from '@/types/api';
import { useBalance } from '../api/balance';
import { usePurchaseBeat } from '../api/purchase-beat';
import { PURCHASE_TEXTS } from '../api/purchase-errors';

type Props = {
  beat: Pick<BeatPost, 'id' | 'amount' | 'available' | 'profile_id' | 'caption' | 'username'>;
  /** "Buy License" on the beat's page, "Buy Now" on the feed's card. */
  label: string;
};

/**
 * Spec part 2 §2/§4 purchase: the button with the naira price, a confirmation before any money
 * moves (with the wallet's balance, and Confirm disabled when it is short), then "Purchase
 * successful" with the server's message, or the "Purchase Error" dialog (Try Again only when
 * trying again can change the answer, and the way to the wallet when the balance is short). Your
 * own beat and a sold-out one cannot be bought, and say so.
 */
export function BuyLicence({ beat, label }: Props) {
  const { data: me } = useCurrentProfile();
  const purchase = usePurchaseBeat(beat);
  const [confirming, setConfirming] = useState(false);
  const [errorOpen, setErrorOpen] = useState(false);
  const price = formatNaira(beat.amount);
  const own = !!me && me.id === beat.profile_id;
  const soldOut = beat.available <= 0;
  const balance = useBalance(confirming);
  const short = balance !== undefined && balance < beat.amount;

  const confirm = () => {
    purchase.buy();
    setConfirming(false);
    setErrorOpen(true);
  };

  if (purchase.isSuccess) {
    return (
      <Alert tone="success">
        {purchase.data.message || PURCHASE_TEXTS.success}
        <span className="alert-detail">
          Licence {purchase.data.data.licence_number}. <Link to="/purchasedbeats">Go to Your Library</Link>
        </span>
      </Alert>
    );
  }

  return (
    <>
      <Button
        block
        className="buy-button"
        disabled={own || soldOut || purchase.isPending}
        onClick={(e) => {
          e.stopPropagation();
          setConfirming(true);
        }}
      >
        {purchase.isPending ? 'Processing...' : soldOut ? 'Sold Out' : `${label} ${price}`}
      </Button>
      {own && <p className="muted buy-note">This is your beat.</p>}
      {confirming && (
        <Dialog
          title="Confirm Purchase"
          role="alertdialog"
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button onClick={confirm} disabled={short}>
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
      )}
      {errorOpen && purchase.failure && (
        <Dialog
          title={PURCHASE_TEXTS.errorTitle}
          role="alertdialog"
          onClose={() => setErrorOpen(false)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setErrorOpen(false)}>
                Close
              </Button>
              {!purchase.failure.final && <Button onClick={() => purchase.retry()}>Try Again</Button>}
            </>
          }
        >
          <p>{purchase.failure.text}</p>
          {purchase.failure.detail && <p className="muted">{purchase.failure.detail}</p>}
          {purchase.failure.insufficient && (
            <p>
              <Link to="/dashboard?deposit=1">Deposit funds into your wallet</Link>
            </p>
          )}
        </Dialog>
      )}
    </>
  );
}
