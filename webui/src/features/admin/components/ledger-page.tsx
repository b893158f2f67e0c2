import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { messageFor } from '@/lib/error-message';
import { formatNaira } from '@/lib/money';
import { adminCallErrors } from '../api/admin-errors';
import { type LedgerHealth, useLedger } from '../api/ledger';
import './admin.css';

const ledgerErrors = adminCallErrors('Failed to fetch the ledger');

/** One list of ids the ledger check found, or the sentence saying there is none. */
function Findings({ title, ids, none }: { title: string; ids: string[]; none: string }) {
  return (
    <>
      <h2>{title}</h2>
      {ids.length === 0 ? (
        <p className="muted">{none}</p>
      ) : (
        <ul className="admin-findings">
          {ids.map((id) => (
            <li key={id}>
              <code>{id}</code>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The books against the payment provider: what it says it holds, what the clearing account says
 * it holds, and their difference, flagged when it is not zero (a charge, fee or transfer the books
 * miss, or money moving at the moment of the look: check again).
 */
function ProviderDrift({ provider }: { provider: LedgerHealth['provider'] }) {
  const { balance, clearing, drift, error } = provider;
  return (
    <>
      <h2>Payment provider</h2>
      {balance === null || drift === null ? (
        <Alert tone="info">{error ?? 'The payment provider could not be asked for its balance.'}</Alert>
      ) : drift === 0 ? (
        <Alert tone="success">The books agree with the payment provider: no drift.</Alert>
      ) : (
        <Alert>
          The books drift from the payment provider by {formatNaira(drift)}: it holds {formatNaira(balance)}, the books say{' '}
          {formatNaira(clearing)}.
        </Alert>
      )}
      <table className="admin-table">
        <tbody>
          <tr>
            <th scope="row">Provider balance</th>
            <td data-label="Provider balance">{balance === null ? 'Unknown' : formatNaira(balance)}</td>
          </tr>
          <tr>
            <th scope="row">Clearing (the books)</th>
            <td data-label="Clearing (the books)">{formatNaira(clearing)}</td>
          </tr>
          <tr>
            <th scope="row">Drift</th>
            <td data-label="Drift">{drift === null ? 'Unknown' : formatNaira(drift)}</td>
          </tr>
        </tbody>
      </table>
    </>
  );
}

/**
 * /admin/ledger: the ledger's health, read from the whole ledger on each visit (Check again asks
 * anew). Every movement sums to zero, so all balances must sum to ₦0.00, and no movement may be
 * unbalanced, no account drift from its entries and no user account fall below zero. Below, the
 * clearing account against the payment provider's balance.
 */
export function LedgerPage() {
  const ledger = useLedger();
  const data = ledger.data;
  return (
    <section className="admin-page">
      <h1>Ledger health</h1>
      {ledger.isPending ? (
        <Spinner label="Checking the ledger..." />
      ) : ledger.isError ? (
        <Alert>{messageFor(ledger.error, ledgerErrors)}</Alert>
      ) : (
        <>
          {data!.healthy ? (
            <Alert tone="success">
              The ledger is balanced: all balances sum to {formatNaira(data!.sum)} over {data!.movements} movements.
            </Alert>
          ) : (
            <Alert>
              The ledger is not healthy: all balances sum to {formatNaira(data!.sum)}; {data!.unbalanced.length} unbalanced
              movement(s), {data!.drifted.length} drifted account(s), {data!.negative.length} negative account(s).
            </Alert>
          )}
          <h2>Platform accounts</h2>
          {Object.keys(data!.accounts).length === 0 ? (
            <p className="muted">No platform account has moved money yet.</p>
          ) : (
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Account</th>
                  <th scope="col">Balance</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(data!.accounts).map(([name, balance]) => (
                  <tr key={name}>
                    <td data-label="Account">{name}</td>
                    <td data-label="Balance">{formatNaira(balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Findings title="Unbalanced movements" ids={data!.unbalanced} none="No movement is unbalanced." />
          <Findings title="Drifted accounts" ids={data!.drifted} none="Every balance is the sum of its entries." />
          <Findings title="Negative user accounts" ids={data!.negative} none="No user account is below zero." />
          <ProviderDrift provider={data!.provider} />
          <Button variant="secondary" disabled={ledger.isFetching} onClick={() => void ledger.refetch()}>
            {ledger.isFetching ? 'Checking...' : 'Check again'}
          </Button>
        </>
      )}
    </section>
  );
}
