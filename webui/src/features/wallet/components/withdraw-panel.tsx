import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Form, FormSelect, FormTextField, useSchemaForm } from '@/components/form/form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { messageFor } from '@/lib/error-message';
import { formatNaira } from '@/lib/money';
import { useAttemptKey } from '@/lib/attempt-key';
import { useTerms } from '@/lib/terms';
import { useWallet, walletKeys } from '../api/wallet';
import {
  requestWithdrawal,
  resolveErrors,
  useBanks,
  useResolvedAccount,
  withdrawalTotal,
  withdrawBody,
  withdrawErrors,
  withdrawSchema,
  withdrawWithoutTerms,
  minWithdrawalText,
  type WithdrawBody,
  type WithdrawInput,
} from '../api/withdraw';

const EMPTY: WithdrawInput = { amount: '', bankCode: '', accountNumber: '', save: false };

/**
 * Withdraw Funds (spec part 2 §5, §7): amount (at least the terms' minimum), bank, 10-digit
 * account number with the holder's name as the provider resolves it, the terms' fee and the total; a confirmation;
 * the mailed code when the account is new to this user; then "Withdrawal Successful".
 */
export function WithdrawPanel({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  const banks = useBanks();
  const terms = useTerms();
  const rules = terms.data?.withdrawal;
  const schema = useMemo(() => (rules ? withdrawSchema(rules) : withdrawWithoutTerms), [rules]);
  const form = useSchemaForm<WithdrawInput>(schema, EMPTY);
  const input = form.watch();
  const [confirming, setConfirming] = useState<WithdrawBody | null>(null);
  const [stepUp, setStepUp] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const resolved = useResolvedAccount(input.accountNumber.trim(), input.bankCode);
  const balance = useWallet().data?.balance;
  const withdraw = useMutation({
    mutationFn: (body: WithdrawBody) => requestWithdrawal(body, attempt.key()),
    onSuccess: (answer) => {
      if ('step_up' in answer) {
        // Nothing moved: the same request goes again with the code (a new attempt).
        attempt.settle();
        setStepUp(answer.message);
        return;
      }
      attempt.settle();
      void queryClient.invalidateQueries({ queryKey: walletKeys.wallet });
    },
    onError: (error) => attempt.settle(error),
  });

  const reset = () => {
    withdraw.reset();
    attempt.settle();
    setConfirming(null);
    setStepUp(null);
    setOtp('');
  };

  const submit = (values: WithdrawInput) => {
    if (!resolved.data) return form.setError('accountNumber', { type: 'server', message: 'Wait for the account name, or check the number' });
    setConfirming(withdrawBody(values));
  };

  const bankName = banks.data?.banks.find((b) => b.code === input.bankCode)?.name ?? '';
  const total = rules ? withdrawalTotal(input.amount, rules) : null;

  if (withdraw.data && 'data' in withdraw.data) {
    const done = withdraw.data.data;
    return (
      <section className="wallet-card wallet-form" aria-labelledby="withdraw-title">
        <h2 id="withdraw-title">Withdrawal Successful</h2>
        <p role="status">
          {formatNaira(done.amount)} is on its way to {done.bank_name} (fee {formatNaira(done.fee)}). It is typically processed within 24
          hours; the history shows it pending until the bank confirms.
        </p>
        <p className="muted">Reference: {done.tx_ref}</p>
        <Button
          onClick={() => {
            reset();
            form.reset(EMPTY);
          }}
        >
          Make Another Withdrawal
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </section>
    );
  }

  if (confirming) {
    const codeNeeded = stepUp !== null;
    return (
      <section className="wallet-card wallet-form" aria-labelledby="withdraw-title">
        <h2 id="withdraw-title">{codeNeeded ? 'Enter the code' : 'Confirm Withdrawal'}</h2>
        <dl className="deposit-fields">
          <dt>Amount</dt>
          <dd>{formatNaira(confirming.amount)}</dd>
          <dt>Fee</dt>
          <dd>{formatNaira(rules?.fee)}</dd>
          <dt>Total</dt>
          <dd data-testid="withdraw-total">{rules && formatNaira(withdrawalTotal(String(confirming.amount), rules))}</dd>
          <dt>Bank</dt>
          <dd>{bankName}</dd>
          <dt>Account</dt>
          <dd>
            {confirming.accountNumber} · {resolved.data?.account_name}
          </dd>
        </dl>
        {codeNeeded && (
          <>
            <p role="status">{stepUp}</p>
            <TextField label="Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={otp} onChange={(e) => setOtp(e.target.value.trim())} />
          </>
        )}
        {withdraw.isError && (
          <p className="alert alert-error" role="alert">
            {messageFor(withdraw.error, withdrawErrors)}
          </p>
        )}
        <Button
          disabled={withdraw.isPending || (codeNeeded && !/^\d{6}$/.test(otp))}
          onClick={() => withdraw.mutate(codeNeeded ? { ...confirming, otp } : confirming)}
        >
          {withdraw.isPending ? 'Sending...' : withdraw.isError ? 'Try Again' : codeNeeded ? 'Confirm Code' : 'Confirm Withdrawal'}
        </Button>
        <Button variant="ghost" disabled={withdraw.isPending} onClick={reset}>
          Edit
        </Button>
      </section>
    );
  }

  // Said before the form is filled: a balance below the minimum and its fee cannot be withdrawn.
  const least = rules ? (Math.round(rules.minimum * 100) + Math.round(rules.fee * 100)) / 100 : undefined;
  if (rules && least !== undefined && balance !== undefined && balance < least) {
    return (
      <section className="wallet-card wallet-form" aria-labelledby="withdraw-title">
        <h2 id="withdraw-title">Withdraw Funds</h2>
        <p role="status">
          Your balance is {formatNaira(balance)}. A withdrawal needs at least {formatNaira(least)} in your wallet: the{' '}
          {formatNaira(rules.minimum)} minimum and the {formatNaira(rules.fee)} fee.
        </p>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </section>
    );
  }

  return (
    <Form form={form} onSubmit={submit} className="wallet-card wallet-form" aria-labelledby="withdraw-title">
      <h2 id="withdraw-title">Withdraw Funds</h2>
      <FormTextField name="amount" label="Amount (₦)" inputMode="decimal" />
      {rules && <p className="muted">{minWithdrawalText(rules)}</p>}
      <FormSelect name="bankCode" label="Bank">
        <option value="">{banks.isPending ? 'Loading banks...' : 'Select a bank'}</option>
        {banks.data?.banks.map((b) => (
          <option key={b.code} value={b.code}>
            {b.name}
          </option>
        ))}
      </FormSelect>
      {banks.isError && <p className="field-error">Could not load the banks. Close and open Withdraw again.</p>}
      <FormTextField name="accountNumber" label="Account number" inputMode="numeric" maxLength={10} />
      {resolved.isFetching && <p className="muted">Checking account...</p>}
      {resolved.data && (
        <p className="withdraw-account-name" data-testid="account-name">
          {resolved.data.account_name}
        </p>
      )}
      {resolved.isError && (
        <p className="field-error" role="alert">
          {messageFor(resolved.error, resolveErrors)}
        </p>
      )}
      <label className="checkbox">
        <input type="checkbox" {...form.register('save')} /> Save as my payout account
      </label>
      <dl className="deposit-fields">
        <dt>Fee</dt>
        <dd>{rules ? formatNaira(rules.fee) : '—'}</dd>
        <dt>Total</dt>
        <dd>{total === null ? '—' : formatNaira(total)}</dd>
      </dl>
      <Button type="submit">Continue</Button>
      <Button variant="ghost" onClick={onClose}>
        Cancel
      </Button>
    </Form>
  );
}
