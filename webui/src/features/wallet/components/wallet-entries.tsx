import { formatNaira } from '@/lib/money';

export type WalletEntryView = {
  id: string;
  type: string;
  amount: number;
  direction: 'in' | 'out';
  counterparty: string;
  date: string;
  status: string;
};

const TYPE_LABEL: Record<string, string> = { purchase: 'Purchase', sale: 'Sale', deposit: 'Deposit' };

export function entryTitle(entry: Pick<WalletEntryView, 'type' | 'counterparty' | 'direction'>): string {
  const type = TYPE_LABEL[entry.type] ?? entry.type.charAt(0).toUpperCase() + entry.type.slice(1);
  if (!entry.counterparty) return type;
  return `${type} ${entry.direction === 'in' ? 'from' : 'to'} ${entry.counterparty}`;
}

const DATE = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

export function entryDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? DATE.format(t) : '';
}

/** Money in is "+₦…", money out "−₦…": the amount always shown as a positive naira figure. */
export function signedAmount(entry: Pick<WalletEntryView, 'amount' | 'direction'>): string {
  return `${entry.direction === 'in' ? '+' : '−'}${formatNaira(Math.abs(entry.amount))}`;
}

/** A list of ledger entries as the wallet shows them, newest first (the server's order). */
export function WalletEntries({ entries, label }: { entries: WalletEntryView[]; label: string }) {
  return (
    <ul className="wallet-entries" aria-label={label}>
      {entries.map((e) => (
        <li key={e.id} className="wallet-entry">
          <div>
            <p className="wallet-entry-title">{entryTitle(e)}</p>
            <p className="muted">
              {entryDate(e.date)} · <span className={`status status-${e.status}`}>{e.status}</span>
            </p>
          </div>
          <p className={`wallet-amount wallet-amount-${e.direction}`}>{signedAmount(e)}</p>
        </li>
      ))}
    </ul>
  );
}
