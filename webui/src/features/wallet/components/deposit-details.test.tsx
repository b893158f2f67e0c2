import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPIED_MS } from './copy-button';
import { DepositDetails } from './deposit-details';

const now = Date.parse('2026-03-01T12:00:00Z');
const account = (msLeft: number) => ({
  accountNumber: '7824822527',
  bankName: 'WEMA BANK',
  reference: 'ZUUM-DEP-1',
  amount: 2500,
  expiresAt: new Date(now + msLeft).toISOString(),
});

describe('deposit details', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a fresh account (an hour left) as a Temporary Account with its amount, bank, number, reference and time left', () => {
    render(<DepositDetails account={account(3600_000)} paid={false} onNew={vi.fn()} now={now} />);
    expect(screen.getByTestId('deposit-state')).toHaveTextContent('Temporary Account');
    expect(screen.queryByText('Expiring Soon')).not.toBeInTheDocument();
    expect(screen.getByText('Expires in 1h 00m 00s')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-amount')).toHaveTextContent('₦2,500.00');
    expect(screen.getByText('WEMA BANK')).toBeInTheDocument();
    expect(screen.getByText('7824822527')).toBeInTheDocument();
    expect(screen.getByText('ZUUM-DEP-1')).toBeInTheDocument();
  });

  it('says Expiring Soon under 10 minutes before the end, not before', () => {
    const { rerender } = render(<DepositDetails account={account(11 * 60_000)} paid={false} onNew={vi.fn()} now={now} />);
    expect(screen.getByTestId('deposit-state')).toHaveTextContent('Temporary Account');
    rerender(<DepositDetails account={account(9 * 60_000)} paid={false} onNew={vi.fn()} now={now} />);
    expect(screen.getByTestId('deposit-state')).toHaveTextContent('Expiring Soon');
    expect(screen.getByText('Expires in 9m 00s')).toBeInTheDocument();
  });

  it('hides an expired account number and offers a new account', () => {
    const onNew = vi.fn();
    render(<DepositDetails account={account(-1000)} paid={false} onNew={onNew} now={now} />);
    expect(screen.getByTestId('deposit-state')).toHaveTextContent('Expired');
    expect(screen.getByRole('alert')).toHaveTextContent('This account has expired. Please generate a new one.');
    expect(screen.queryByText('7824822527')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Generate New Account' }));
    expect(onNew).toHaveBeenCalledTimes(1);
  });

  it('reads Paid once credited, hides the number and offers another account', () => {
    const onNew = vi.fn();
    render(<DepositDetails account={account(30 * 60_000)} paid onNew={onNew} now={now} />);
    expect(screen.getByTestId('deposit-state')).toHaveTextContent('Paid');
    expect(screen.getByRole('status')).toHaveTextContent('₦2,500.00 arrived in your wallet.');
    expect(screen.queryByText('7824822527')).not.toBeInTheDocument();
    expect(screen.queryByText(/Expires in/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open a New Account' }));
    expect(onNew).toHaveBeenCalledTimes(1);
  });

  it('moves from Expiring Soon to Expired as the clock runs', () => {
    vi.useFakeTimers({ now });
    render(<DepositDetails account={account(2000)} paid={false} onNew={vi.fn()} />);
    expect(screen.getByText('Expires in 2s')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('This account has expired. Please generate a new one.')).toBeInTheDocument();
  });

  it('copies the account number and says Copied! for 2 s', async () => {
    vi.useFakeTimers({ now });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<DepositDetails account={account(3 * 3600_000)} paid={false} onNew={vi.fn()} />);
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
