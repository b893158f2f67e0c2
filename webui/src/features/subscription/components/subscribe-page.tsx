import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { paymentDetailsQueryKey } from '@/lib/auth/get-payment-details';
import { toApiError } from '@/lib/api-client';
import { messageFor } from '@/lib/error-message';
import { formatNaira, newIdempotencyKey } from '@/lib/money';
import { formatDay, getPaymentLink, isPremium, NO_LINK, payFromWallet, subscriptionErrors, usePlan } from '../api/subscription';
import './subscription.css';

const STEPS = ['Details', 'Confirm', 'Complete'] as const;

/** The account type as the profile names it. */
const ACCOUNT_TYPE: Record<string, string> = { artist: 'Artist', producer: 'Producer', record_label: 'Record Label', dev: 'Developer' };

/**
 * /subscribe (spec part 2 §2 Subscription): step 2 of 3 with the plan, duration '1 Month',
 * billing cycle 'Monthly', account type, the monthly total and the features; Proceed to Payment
 * opens the provider's payment page (the plan's link, or a new one fetched first); paying from
 * the wallet is the second choice, asked first: the plan's amount, that it renews every month from
 * the wallet, and that cancelling under Manage Subscription stops it. Back from the provider (?status=successful) it waits for the
 * webhook to activate the subscription, then shows step 3 and the Premium status.
 */
export function SubscribePage() {
  const [params] = useSearchParams();
  const returned = params.get('status');
  const plan = usePlan(returned === 'successful');
  const profile = useCurrentProfile();
  const queryClient = useQueryClient();
  const walletKey = useRef<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const link = useMutation({
    mutationFn: async () => {
      const url = plan.data?.paymentLink ?? (await getPaymentLink()).paymentLink;
      if (!url) throw new Error(NO_LINK);
      return url;
    },
    onSuccess: (url) => {
      setLeaving(true);
      window.location.assign(url);
    },
  });
  const wallet = useMutation({
    mutationFn: () => {
      walletKey.current ??= newIdempotencyKey();
      return payFromWallet(walletKey.current);
    },
    onSuccess: () => {
      walletKey.current = null;
      void queryClient.invalidateQueries({ queryKey: paymentDetailsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      void queryClient.invalidateQueries({ queryKey: ['subscription'] });
    },
    onError: (error) => {
      const { status } = toApiError(error);
      if (status > 0 && status < 500) walletKey.current = null;
    },
  });

  if (plan.isPending) return <Spinner fullScreen label="Loading your plan..." />;
  if (plan.isError || !plan.data) {
    return (
      <section className="subscribe" role="alert">
        <p>{plan.isError ? messageFor(plan.error, subscriptionErrors) : 'Payment plan not found'}</p>
        <Button variant="ghost" onClick={() => plan.refetch()}>
          Try again
        </Button>
      </section>
    );
  }

  const p = plan.data;
  const premium = isPremium(p.status);
  const step = premium ? 3 : 2;
  const error = link.error ?? wallet.error;

  return (
    <section className="subscribe" aria-labelledby="subscribe-title">
      <ol className="subscribe-steps" aria-label={`Step ${step} of 3`}>
        {STEPS.map((name, i) => (
          <li key={name} className={i < step ? 'step-active' : 'step-pending'} aria-current={i + 1 === step ? 'step' : undefined}>
            {name}
          </li>
        ))}
      </ol>
      <h1 id="subscribe-title">{premium ? 'You are Premium' : 'Confirm your subscription'}</h1>
      {premium && (
        <p className="subscribe-status" role="status" data-testid="premium-status">
          Premium · {p.status === 'active' ? 'Active' : 'Cancelled'}
          {p.expiresAt && ` until ${formatDay(p.expiresAt)}`}
        </p>
      )}
      {!premium && returned === 'successful' && (
        <div role="status">
          <Spinner label="Confirming your payment..." />
        </div>
      )}
      {!premium && returned === 'cancelled' && <p role="status">Payment cancelled. Nothing was charged.</p>}
      <dl className="subscribe-details">
        <dt>Plan</dt>
        <dd>{p.name}</dd>
        <dt>Duration</dt>
        <dd>1 Month</dd>
        <dt>Billing Cycle</dt>
        <dd>Monthly</dd>
        <dt>Account Type</dt>
        <dd>{ACCOUNT_TYPE[profile.data?.identity ?? ''] ?? '—'}</dd>
        <dt>Total</dt>
        <dd className="subscribe-total">{formatNaira(p.amount)}/month</dd>
      </dl>
      <p className="muted">{p.description}</p>
      <ul className="subscribe-features" aria-label="Features">
        {p.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {error && (
        <p className="alert alert-error" role="alert">
          {error instanceof Error && error.message === NO_LINK ? NO_LINK : messageFor(error, subscriptionErrors)}{' '}
          <button type="button" className="link-button" onClick={() => (link.error ? link.mutate() : wallet.mutate())}>
            Try again
          </button>
        </p>
      )}
      {premium ? (
        <Link className="btn btn-primary btn-block" to={paths.subscription}>
          Manage Subscription
        </Link>
      ) : (
        <>
          <Button block disabled={link.isPending || leaving || wallet.isPending} onClick={() => link.mutate()}>
            {link.isPending || leaving ? 'Opening payment...' : 'Proceed to Payment'}
          </Button>
          <Button block variant="secondary" disabled={link.isPending || leaving || wallet.isPending} onClick={() => setConfirming(true)}>
            {wallet.isPending ? 'Paying...' : `Pay ${formatNaira(p.amount)} from Wallet`}
          </Button>
        </>
      )}
      {confirming && !premium && (
        <Dialog
          title="Pay from Wallet"
          role="alertdialog"
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button
                onClick={() => {
                  setConfirming(false);
                  wallet.mutate();
                }}
              >
                Pay {formatNaira(p.amount)}
              </Button>
            </>
          }
        >
          <p>
            {formatNaira(p.amount)} is taken from your wallet now for {p.name}.
          </p>
          <p>
            It renews {p.frequency === 'monthly' ? 'every month' : p.frequency}: {formatNaira(p.amount)} is taken from your wallet
            when each period ends.
          </p>
          <p>To stop it, cancel your subscription under Manage Subscription; it stays active to the end of the paid period.</p>
        </Dialog>
      )}
      <p className="muted subscribe-links">
        <Link to={paths.faq}>Terms</Link> · <Link to={paths.about}>Privacy</Link> · <Link to={paths.support}>Support</Link>
      </p>
    </section>
  );
}
