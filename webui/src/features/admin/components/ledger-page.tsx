import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { messageFor } from '@/lib/error-message';
import { formatNaira } from '@/lib/money';
import { adminCallErrors } from '../api/admin-errors';
import { useLedger } from '../api/ledger';
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
 * /admin/ledger: the ledger's health, read from the whole ledger on each visit (Check again asks
 * anew). Every movement sums to zero, so all balances must sum to ₦0.00, and no movement may be
 * unbalanced, no account drift from its entries and no user account fall below zero.
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
          <Button variant="secondary" disabled={ledger.isFetching} onClick={() => void ledger.refetch()}>
            {ledger.isFetching ? 'Checking...' : 'Check again'}
          </Button>
        </>
      )}
    </section>
  );
}
