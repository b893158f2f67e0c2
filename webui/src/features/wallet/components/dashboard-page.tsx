import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { messageFor } from '@/lib/error-message';
import { formatNaira } from '@/lib/money';
import type { WalletEntryType } from '@/types/api';
import { useTransactions, useWallet, walletErrors } from '../api/wallet';
import { DepositPanel } from './deposit-panel';
import { StatementForm } from './statement-form';
import { TransferPanel } from './transfer-panel';
import { WalletEntries } from './wallet-entries';
import './wallet.css';

// Withdraw Funds is the dashboard's only form on the form component: it and react-hook-form load
// when the panel is first opened, not with the dashboard.
const WithdrawPanel = lazy(() => import('./withdraw-panel').then((m) => ({ default: m.WithdrawPanel })));

/** The history's filters: all, then one type each. */
export const HISTORY_FILTERS: Array<{ type: WalletEntryType | 'all'; label: string }> = [
  { type: 'all', label: 'All' },
  { type: 'purchase', label: 'Purchase' },
  { type: 'sale', label: 'Sale' },
  { type: 'deposit', label: 'Deposit' },
  { type: 'transfer', label: 'Transfer' },
  { type: 'withdrawal', label: 'Withdrawal' },
];

/**
 * /dashboard: the wallet (spec part 2 §2 Wallet): balance, Deposit (the temporary account),
 * Send (Transfer Money) and Withdraw (Withdraw Funds), the totals, the 3 most recent entries
 * with View All, and the Transaction History filtered by type. The view, the open panel and the
 * filter live in the URL (?view=history&type=sale, ?panel=deposit|send|withdraw) so Back returns to them.
 */
export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const history = params.get('view') === 'history';
  const panel = params.get('panel');
  const depositOpen = panel === 'deposit';
  const wallet = useWallet(depositOpen);
  const toggle = (name: string) => set({ panel: panel === name ? null : name });

  const set = (changes: Record<string, string | null>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });

  if (history) return <HistoryView type={params.get('type')} onType={(t) => set({ type: t === 'all' ? null : t })} onBack={() => set({ view: null, type: null })} />;

  return (
    <section className="wallet">
      <h1>Dashboard</h1>
      <div className="wallet-card">
        <p className="muted">Wallet Balance</p>
        {wallet.isPending && <Spinner label="Loading balance..." />}
        {wallet.isError && !wallet.data && (
          <div role="alert">
            <p>{messageFor(wallet.error, walletErrors)}</p>
            <Button variant="secondary" onClick={() => wallet.refetch()}>
              Try Again
            </Button>
          </div>
        )}
        {wallet.data && (
          <p className="wallet-balance" data-testid="wallet-balance">
            {formatNaira(wallet.data.balance)}
          </p>
        )}
        <div className="wallet-actions">
          <Button onClick={() => toggle('deposit')} aria-expanded={depositOpen}>
            Deposit
          </Button>
          <Button variant="secondary" onClick={() => toggle('send')} aria-expanded={panel === 'send'}>
            Send
          </Button>
          <Button variant="secondary" onClick={() => toggle('withdraw')} aria-expanded={panel === 'withdraw'}>
            Withdraw
          </Button>
        </div>
      </div>
      {depositOpen && <DepositPanel />}
      {panel === 'send' && <TransferPanel onClose={() => set({ panel: null })} />}
      {panel === 'withdraw' && (
        <Suspense fallback={<Spinner label="Loading..." />}>
          <WithdrawPanel onClose={() => set({ panel: null })} />
        </Suspense>
      )}
      {wallet.data && (
        <>
          <dl className="wallet-tiles">
            <div>
              <dt>Purchases</dt>
              <dd>{formatNaira(wallet.data.totals.purchases)}</dd>
            </div>
            <div>
              <dt>Sales</dt>
              <dd>{formatNaira(wallet.data.totals.sales)}</dd>
            </div>
            <div>
              <dt>Deposits</dt>
              <dd>{formatNaira(wallet.data.totals.deposits)}</dd>
            </div>
          </dl>
          <section>
            <div className="wallet-section-head">
              <h2>Recent Transactions</h2>
              <Button variant="ghost" onClick={() => set({ view: 'history' })}>
                View All
              </Button>
            </div>
            {wallet.data.recent.length === 0 ? (
              <p className="muted">No transactions yet.</p>
            ) : (
              <WalletEntries entries={wallet.data.recent.slice(0, 3)} label="Recent transactions" />
            )}
          </section>
        </>
      )}
    </section>
  );
}

function HistoryView({ type, onType, onBack }: { type: string | null; onType: (t: WalletEntryType | 'all') => void; onBack: () => void }) {
  const filter = HISTORY_FILTERS.find((f) => f.type === type)?.type ?? 'all';
  const list = useTransactions(filter);
  const entries = useMemo(() => list.data?.pages.flatMap((p) => p.transactions) ?? [], [list.data]);
  return (
    <section className="wallet">
      <div className="wallet-section-head">
        <h1>Transaction History</h1>
        <Button variant="ghost" onClick={onBack}>
          Back to Dashboard
        </Button>
      </div>
      <div className="wallet-filters" role="group" aria-label="Filter by type">
        {HISTORY_FILTERS.map((f) => (
          <Button key={f.type} variant="secondary" className="btn-small" aria-pressed={filter === f.type} onClick={() => onType(f.type)}>
            {f.label}
          </Button>
        ))}
      </div>
      <StatementForm />
      {list.isPending && <Spinner label="Loading transactions..." />}
      {list.isError && entries.length === 0 && (
        <div role="alert">
          <p>{messageFor(list.error, walletErrors)}</p>
          <Button variant="secondary" onClick={() => list.refetch()}>
            Try Again
          </Button>
        </div>
      )}
      {list.isSuccess && entries.length === 0 && <p className="muted">No transactions yet.</p>}
      {entries.length > 0 && <WalletEntries entries={entries} label="Transactions" />}
      {list.hasNextPage && (
        <Button variant="ghost" block disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </section>
  );
}
