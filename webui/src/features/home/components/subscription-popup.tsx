import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { usePaymentDetails } from '@/lib/auth/get-payment-details';
import { formatNaira } from '@/lib/money';

const SEEN = 'zuum-subscription-popup';

/** Spec part 1 "Subscription popup": the benefits every plan has, and one per identity. */
export const BENEFITS = ['Exclusive content', 'Premium verification badge', 'Ad-free experience'];
export function roleBenefit(identity: string | undefined): string {
  switch (identity) {
    case 'artist':
      return 'Early access to collaborations';
    case 'producer':
      return 'Beat submission priority';
    case 'record_label':
      return 'Artist analytics dashboard';
    default:
      return 'Early access to new features';
  }
}

function seen(): boolean {
  try {
    return sessionStorage.getItem(SEEN) === '1';
  } catch {
    return false;
  }
}

/**
 * True once the browser has been idle after mount (requestIdleCallback, at most `timeout` ms
 * later; a bare macrotask where the browser lacks it), so what waits for it renders after the
 * page's first paint instead of in the same task.
 */
export function useAfterFirstPaint(timeout = 2000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setReady(true), 0);
    return () => window.clearTimeout(id);
  }, [timeout]);
  return ready;
}

/**
 * "Upgrade Your Experience" on /home: the plan's price per month and a link to /subscribe, for
 * a user who is not Premium; shown once per visit (closing it is remembered for the session).
 * Nothing shows while the plan is unknown (the shell's banner speaks when it fails). It opens
 * once the page is idle after its first paint: the modal (and the layout its focus forces)
 * never delays the feed's first slide.
 */
export function SubscriptionPopup() {
  const plan = usePaymentDetails(true);
  const profile = useCurrentProfile();
  const [open, setOpen] = useState(() => !seen());
  const painted = useAfterFirstPaint();
  if (!open || !painted || !plan.data || plan.data.status === 'active' || plan.data.status === 'cancelled') return null;
  const close = () => {
    try {
      sessionStorage.setItem(SEEN, '1');
    } catch {
      // storage refused (private mode): the popup simply shows again next visit
    }
    setOpen(false);
  };
  return (
    <Dialog
      title="Upgrade Your Experience"
      onClose={close}
      actions={
        <>
          <Button variant="ghost" onClick={close}>
            Maybe Later
          </Button>
          <Link className="btn btn-primary" to={paths.subscribe} onClick={close}>
            Subscribe
          </Link>
        </>
      }
    >
      <p className="subscription-price">
        <strong>{formatNaira(plan.data.amount)}</strong>
        {plan.data.frequency === 'monthly' ? '/month' : '/year'}
      </p>
      <ul>
        {[...BENEFITS, roleBenefit(profile.data?.identity)].map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
    </Dialog>
  );
}
