import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { formatNaira } from '@/lib/money';
import type { BeatPost } from '@/types/api';
import { usePurchaseBeat } from '../api/purchase-beat';
import { PURCHASE_TEXTS } from '../api/purchase-errors';

// The confirmation and the error dialog (and the wallet balance the confirmation reads) load when
// the buyer first taps the price: the feed and every list of beats draw this button, few open it.
const ConfirmPurchaseDialog = lazy(() => import('./purchase-dialogs').then((m) => ({ default: m.ConfirmPurchaseDialog })));
const PurchaseErrorDialog = lazy(() => import('./purchase-dialogs').then((m) => ({ default: m.PurchaseErrorDialog })));

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
          Licence {purchase.data.data.licence_number}. <Link to={paths.library}>Go to Your Library</Link>
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
      <Suspense fallback={null}>
        {confirming && <ConfirmPurchaseDialog beat={beat} onConfirm={confirm} onClose={() => setConfirming(false)} />}
        {errorOpen && purchase.failure && (
          <PurchaseErrorDialog failure={purchase.failure} onRetry={() => purchase.retry()} onClose={() => setErrorOpen(false)} />
        )}
      </Suspense>
    </>
  );
}
