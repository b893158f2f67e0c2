import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { WalletEntries, entryTitle, signedAmount } from './wallet-entries';

const sale = { id: 'e1', type: 'sale', amount: 899.1, direction: 'in' as const, counterparty: 'ada_sings', date: '2026-03-01T12:00:00Z', status: 'completed' };
const purchase = { id: 'e2', type: 'purchase', amount: -999, direction: 'out' as const, counterparty: 'kel_on_the_beat', date: '2026-03-01T11:00:00Z', status: 'completed' };

describe('wallet entries', () => {
  it('reads money in and out with a sign and naira in en-NG', () => {
    expect(signedAmount(sale)).toBe('+₦899.10');
    expect(signedAmount(purchase)).toBe('−₦999.00');
    expect(signedAmount({ amount: 1500, direction: 'out' })).toBe('−₦1,500.00');
  });

  it('names the entry as a person would say it, with who it was with', () => {
    expect(entryTitle(sale)).toBe('Sold a beat to ada_sings');
    expect(entryTitle(purchase)).toBe('Bought a beat from kel_on_the_beat');
    expect(entryTitle({ type: 'deposit', direction: 'in', counterparty: '' })).toBe('Deposit by bank transfer');
    expect(entryTitle({ type: 'deposit', direction: 'in', counterparty: 'Bank transfer' })).toBe('Deposit by bank transfer');
    expect(entryTitle({ type: 'deposit', direction: 'in', counterparty: 'ADA OBI' })).toBe('Deposit from ADA OBI');
    expect(entryTitle({ type: 'transfer', direction: 'out', counterparty: 'bola' })).toBe('Sent to bola');
    expect(entryTitle({ type: 'transfer', direction: 'in', counterparty: 'bola' })).toBe('Received from bola');
    expect(entryTitle({ type: 'withdrawal', direction: 'out', counterparty: 'Guaranty Trust Bank 0123456789' })).toBe('Withdrawal to Guaranty Trust Bank 0123456789');
    expect(entryTitle({ type: 'subscription', direction: 'out', counterparty: 'Artist Premium' })).toBe('Subscription: Artist Premium');
  });

  it('never reads as the odd rows people reported', () => {
    const rows = [
      { type: 'fee', direction: 'out' as const, counterparty: 'Withdrawal fee' },
      { type: 'fee', direction: 'in' as const, counterparty: 'Refund: promotion rejected' },
      { type: 'withdrawal', direction: 'in' as const, counterparty: 'Refund' },
      { type: 'fee', direction: 'in' as const, counterparty: 'Refund' },
      { type: 'purchase', direction: 'out' as const, counterparty: 'zara_keys' },
      { type: 'fee', direction: 'out' as const, counterparty: 'Promotion of your audio' },
    ];
    expect(rows.map(entryTitle)).toEqual([
      'Withdrawal fee',
      'Refund: promotion rejected',
      'Withdrawal returned to your wallet',
      'Fee returned to your wallet',
      'Bought a beat from zara_keys',
      'Promotion of your audio',
    ]);
    for (const title of rows.map(entryTitle)) expect(title).not.toMatch(/^(Fee to|Fee from|Withdrawal from|Purchase to)/);
  });

  it('lists the entries in the order given', () => {
    render(
      <MemoryRouter>
        <WalletEntries entries={[sale, purchase]} label="Recent transactions" />
      </MemoryRouter>,
    );
    const items = within(screen.getByRole('list', { name: 'Recent transactions' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Sold a beat to ada_sings'),
      expect.stringContaining('Bought a beat from kel_on_the_beat'),
    ]);
    expect(items[0]).toHaveTextContent('+₦899.10');
  });

  it('links an entry to the beat it paid for or the profile on the other side', () => {
    render(
      <MemoryRouter>
        <WalletEntries
          entries={[
            { ...sale, link: { kind: 'beat', id: 'b-1' } },
            { ...purchase, id: 'e9', type: 'transfer', counterparty: 'bola', link: { kind: 'profile', id: 'u-7' } },
            { ...purchase, id: 'e8', type: 'withdrawal', counterparty: '', status: 'failed', link: null },
          ]}
          label="Transactions"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Sold a beat to ada_sings' })).toHaveAttribute('href', '/beats/b-1');
    expect(screen.getByRole('link', { name: 'Sent to bola' })).toHaveAttribute('href', '/profile/u-7');
    expect(screen.getByText('Withdrawal')).toBeInTheDocument();
    expect(screen.getByText('failed')).toBeInTheDocument();
  });
});
