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

  it('names the entry and who it was with', () => {
    expect(entryTitle(sale)).toBe('Sale from ada_sings');
    expect(entryTitle(purchase)).toBe('Purchase to kel_on_the_beat');
    expect(entryTitle({ type: 'deposit', direction: 'in', counterparty: '' })).toBe('Deposit');
  });

  it('lists the entries in the order given', () => {
    render(
      <MemoryRouter>
        <WalletEntries entries={[sale, purchase]} label="Recent transactions" />
      </MemoryRouter>,
    );
    const items = within(screen.getByRole('list', { name: 'Recent transactions' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Sale from ada_sings'),
      expect.stringContaining('Purchase to kel_on_the_beat'),
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
    expect(screen.getByRole('link', { name: 'Sale from ada_sings' })).toHaveAttribute('href', '/beats/b-1');
    expect(screen.getByRole('link', { name: 'Transfer to bola' })).toHaveAttribute('href', '/profile/u-7');
    expect(screen.getByText('Withdrawal')).toBeInTheDocument();
    expect(screen.getByText('failed')).toBeInTheDocument();
  });
});
