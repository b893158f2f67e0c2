import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { paymentDetailsQueryKey } from '@/lib/auth/get-payment-details';
import { messageFor } from '@/lib/error-message';
import { formatNaira } from '@/lib/money';
import { billingHistoryQuery, cancelSubscription, formatDay, isPremium, subscriptionErrors, usePlan } from '../api/subscription';
import './subscription.css';

const STATUS_LABEL: Record<string, string> = { none: 'No subscription', active: 'Active', cancelled: 'Cancelled (ends at period end)', expired: 'Expired' };
const METHOD_LABEL: Record<string, string> = { card: 'Card', wallet: 'Wallet', renewal: 'Renewal (wallet)' };

type Tab = 'plan' | 'history';

/** Subscription management: Current Plan (cancel at period end) and Billing History from the ledger. */
export function SubscriptionPage() {
  const [tab, setTab] = useState<Tab>('plan');
  return (
    <section className="subscribe" aria-labelledby="subscription-title">
      <h1 id="subscription-title">Subscription</h1>
      <div role="tablist" className="wallet-filters" aria-label="Subscription">
        <Button variant="secondary" className="btn-small" role="tab" aria-selected={tab === 'plan'} onClick={() => setTab('plan')}>
          Current Plan
        </Button>
        <Button variant="secondary" className="btn-small" role="tab" aria-selected={tab === 'history'} onClick={() => setTab('history')}>
          Billing History
        </Button>
      </div>
      {tab === 'plan' ? <CurrentPlan /> : <BillingHistory />}
    </section>
  );
}

function CurrentPlan() {
  const plan = usePlan();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => {
      setAsking(false);
      void queryClient.invalidateQueries({ queryKey: paymentDetailsQueryKey });
    },
  });
  if (plan.isPending) return <Spinner label="Loading your plan..." />;
  if (plan.isError || !plan.data)
    return (
      <div role="alert">
        <p>{plan.isError ? messageFor(plan.error, subscriptionErrors) : 'Payment plan not found'}</p>
        <Button variant="ghost" onClick={() => plan.refetch()}>
          Try again
        </Button>
      </div>
    );
  const p = plan.data;
  return (
    <div className="wallet-card wallet-form">
      <dl className="subscribe-details">
        <dt>Plan</dt>
        <dd>{p.name}</dd>
        <dt>Status</dt>
        <dd data-testid="subscription-status">{STATUS_LABEL[p.status] ?? p.status}</dd>
        <dt>Price</dt>
        <dd>{formatNaira(p.amount)}/month</dd>
        {p.expiresAt && (
          <>
            <dt>{p.status === 'active' ? 'Renews on' : p.status === 'cancelled' ? 'Ends on' : 'Ended on'}</dt>
            <dd>{formatDay(p.expiresAt)}</dd>
          </>
        )}
      </dl>
      {cancel.isError && (
        <p className="alert alert-error" role="alert">
          {messageFor(cancel.error, subscriptionErrors)}
        </p>
      )}
      {p.status === 'active' && (
        <Button variant="danger" onClick={() => setAsking(true)}>
          Cancel Subscription
        </Button>
      )}
      {!isPremium(p.status) && (
        <Link className="btn btn-primary" to={paths.subscribe}>
          Subscribe
        </Link>
      )}
      {asking && (
        <Dialog
          title="Cancel Subscription?"
          role="alertdialog"
          onClose={() => setAsking(false)}
          actions={
            <>
              <Button variant="ghost" onClick={() => setAsking(false)}>
                Keep Subscription
              </Button>
              <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
                {cancel.isPending ? 'Cancelling...' : 'Cancel at Period End'}
              </Button>
            </>
          }
        >
          <p>You stay Premium until {formatDay(p.expiresAt)}; it will not renew after that.</p>
        </Dialog>
      )}
    </div>
  );
}

function BillingHistory() {
  const history = useQuery(billingHistoryQuery);
  if (history.isPending) return <Spinner label="Loading billing history..." />;
  if (history.isError)
    return (
      <div role="alert">
        <p>{messageFor(history.error, subscriptionErrors)}</p>
        <Button variant="ghost" onClick={() => history.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (history.data.history.length === 0) return <p className="muted">No payments yet.</p>;
  return (
    <ul className="wallet-entries" aria-label="Billing history">
      {history.data.history.map((h) => (
        <li key={h.id} className="wallet-entry">
          <div>
            <p className="wallet-entry-title">{h.plan}</p>
            <p className="muted">
              {formatDay(h.date)} · {METHOD_LABEL[h.method] ?? h.method} · <span className={`status status-${h.status}`}>{h.status}</span>
            </p>
          </div>
          <p className="wallet-amount">{formatNaira(h.amount)}</p>
        </li>
      ))}
    </ul>
  );
}
