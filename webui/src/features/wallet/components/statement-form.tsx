import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { messageFor, type ErrorCatalogue } from '@/lib/error-message';
import { fetchStatement, statementFileName } from '../api/statement';
import { checkStatementRange, defaultStatementRange } from '../statement-range';

const statementErrors: ErrorCatalogue = {
  byStatus: { 401: 'Authentication failed - please login again' },
  network: 'No response from server',
  fallback: 'Could not download the statement. Please try again.',
};

/** Download Statement: the entries of a date range as CSV, saved as a file (for an accountant). */
export function StatementForm({ today = new Date() }: { today?: Date }) {
  const initial = defaultStatementRange(today);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkStatementRange(from, to);
    if (problem) return setError(problem);
    setError('');
    setBusy(true);
    try {
      const blob = await fetchStatement(from, to);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = statementFileName(from, to);
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      setError(messageFor(err, statementErrors));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="wallet-card wallet-statement" aria-label="Download statement" onSubmit={submit} noValidate>
      <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Preparing...' : 'Download Statement (CSV)'}
      </Button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
