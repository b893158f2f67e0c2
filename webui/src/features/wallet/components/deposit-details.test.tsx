import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPIED_MS } from './copy-button';
import { DepositDetails } from './deposit-details';

const now = Date.parse('2026-03-01T12:00:00Z');
const account = (msLeft: number) => ({
  accountNumber: '7824822527',
  bankName: 'WEMA BANK',
  reference: 'ZUUM-DEP-1',
  expiresAt: new Date(now + msLeft).toISOString(),
});

describe('deposit details', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a temporary account with its bank, number, reference and time left', () => {
    render(<DepositDetails account={account(3 * 3600_000)} onRenew={vi.fn()} renewing={false} now={now} />);
    expect(screen.getByText('Temporary Account')).toBeInTheDocument();
    expect(screen.getByText('Expires in 3h 00m 00s')).toBeInTheDocument();
    expect(screen.getByText('WEMA BANK')).toBeInTheDocument();
    expect(screen.getByText('7824822527')).toBeInTheDocument();
    expect(screen.getByText('ZUUM-DEP-1')).toBeInTheDocument();
  });

  it('says Expiring Soon under an hour before the end', () => {
    render(<DepositDetails account={account(59 * 60_000)} onRenew={vi.fn()} renewing={false} now={now} />);
    expect(screen.getByText('Expiring Soon')).toBeInTheDocument();
    expect(screen.getByText('Expires in 59m 00s')).toBeInTheDocument();
  });

  it('hides an expired account number and offers a new account', () => {
    const onRenew = vi.fn();
    render(<DepositDetails account={account(-1000)} onRenew={onRenew} renewing={false} now={now} />);
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This account has expired. Please generate a new one.');
    expect(screen.queryByText('7824822527')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Generate New Account' }));
    expect(onRenew).toHaveBeenCalledTimes(1);
  });

  it('moves from Expiring Soon to Expired as the clock runs', () => {
    vi.useFakeTimers({ now });
    render(<DepositDetails account={account(2000)} onRenew={vi.fn()} renewing={false} />);
    expect(screen.getByText('Expires in 2s')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('This account has expired. Please generate a new one.')).toBeInTheDocument();
  });

  it('copies the account number and says Copied! for 2 s', async () => {
    vi.useFakeTimers({ now });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<DepositDetails account={account(3 * 3600_000)} onRenew={vi.fn()} renewing={false} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy account number' }));
    });
    expect(writeText).toHaveBeenCalledWith('7824822527');
    expect(screen.getByRole('button', { name: 'Copy account number' })).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(COPIED_MS - 1));
    expect(screen.getByRole('button', { name: 'Copy account number' })).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy account number' })).toHaveTextContent('Copy');
  });
});
