import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatNaira } from '@/lib/money';

export type WalletEntryView = {
  id: string;
  type: string;
  amount: number;
  direction: 'in' | 'out';
  counterparty: string;
  date: string;
  status: string;
  /** What the entry paid for: a beat (a purchase or a sale) or a profile (a transfer's other side). */
  link?: { kind: 'beat' | 'profile'; id: string } | null;
};

const TYPE_LABEL: Record<string, string> = {
  purchase: 'Purchase',
  sale: 'Sale',
  deposit: 'Deposit',
  transfer: 'Transfer',
  withdrawal: 'Withdrawal',
  fee: 'Fee',
  subscription: 'Subscription',
};

/** The counterparty the ledger writes on a movement that gives an earlier one back. */
const REFUND = 'Refund';
/** Where an entry's title leads: the beat bought or sold, or the other side of a transfer. */
export function entryHref(link: WalletEntryView['link']): string | null {
  if (!link) return null;
  return link.kind === 'beat' ? paths.beat(link.id) : paths.profile(link.id);
}

/**
 * An entry as a person would say it: "Bought a beat from zara_keys", "Sent to bola", "Withdrawal
 * fee", "Withdrawal returned to your wallet". The ledger's counterparty is a username for
 * purchases, sales and transfers, the bank account for a withdrawal, the plan for a subscription,
 * and the service itself for a fee ("Withdrawal fee", "Promotion of your audio", "Refund: promotion
 * rejected"); "Refund" is what a failed withdrawal gives back.
 */
export function entryTitle(entry: Pick<WalletEntryView, 'type' | 'counterparty' | 'direction'>): string {
  const who = entry.counterparty.trim();
  const into = entry.direction === 'in';
  switch (entry.type) {
    case 'purchase':
      return who ? `Bought a beat from ${who}` : 'Bought a beat';
    case 'sale':
      return who ? `Sold a beat to ${who}` : 'Sold a beat';
    case 'transfer':
      return into ? (who ? `Received from ${who}` : 'Transfer received') : who ? `Sent to ${who}` : 'Transfer sent';
    case 'deposit':
      return !who || /^bank transfer$/i.test(who) ? 'Deposit by bank transfer' : `Deposit from ${who}`;
    case 'withdrawal':
      if (into) return 'Withdrawal returned to your wallet';
      return who ? `Withdrawal to ${who}` : 'Withdrawal';
    case 'fee':
      if (who === REFUND) return into ? 'Fee returned to your wallet' : 'Fee';
      return who || (into ? 'Fee returned to your wallet' : 'Fee');
    case 'subscription':
      return who ? `Subscription: ${who}` : 'Subscription';
  }
  const type = TYPE_LABEL[entry.type] ?? entry.type.charAt(0).toUpperCase() + entry.type.slice(1);
  if (!who) return type;
  return `${type} ${into ? 'from' : 'to'} ${who}`;
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
        <WalletEntryItem key={e.id} entry={e} />
      ))}
    </ul>
  );
}

function WalletEntryItem({ entry }: { entry: WalletEntryView }) {
  const href = entryHref(entry.link);
  const title = entryTitle(entry);
  return (
    <li className="wallet-entry">
      <div>
        <p className="wallet-entry-title">{href ? <Link to={href}>{title}</Link> : title}</p>
        <p className="muted">
          {entryDate(entry.date)} · <span className={`status status-${entry.status}`}>{entry.status}</span>
        </p>
      </div>
      <p className={`wallet-amount wallet-amount-${entry.direction}`}>{signedAmount(entry)}</p>
    </li>
  );
}
