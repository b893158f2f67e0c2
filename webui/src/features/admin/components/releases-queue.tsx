import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { messageFor } from '@/lib/error-message';
import { formatNaira } from '@/lib/money';
import { adminCallErrors } from '../api/admin-errors';
import { decideRelease, useReleases, type ReleaseFilter } from '../api/releases-queue';
import { useDecide } from '../api/review';
import { formatDate } from './format-date';
import { Pager } from './pager';
import { releaseStatus } from './release-status';
import { QueueState, type QueueProps } from './queue-state';
import { ReleaseDialog } from './release-dialog';
import { ReviewActions } from './review-actions';


/** Releases waiting for review (submitted, in review), or approved and waiting for delivery. */
export function ReleasesQueue({ onDone }: QueueProps) {
  const [status, setStatus] = useState<ReleaseFilter>('pending');
  const [page, setPage] = useState(1);
  const query = useReleases(status, page);
  const [shown, setShown] = useState<string | null>(null);
  return (
    <>
      <div className="field admin-filter">
        <label htmlFor="admin-release-status">Show</label>
        <select id="admin-release-status" value={status} onChange={(e) => {
            setStatus(e.target.value as ReleaseFilter);
            setPage(1);
          }}>
          <option value="pending">Waiting for review</option>
          <option value="approved">Approved, to deliver</option>
        </select>
      </div>
      <QueueState
        query={query}
        rows={(d) => d.releases}
        noun="releases"
        empty={status === 'pending' ? 'No releases are waiting for review.' : 'No approved releases are waiting for delivery.'}
      >
        {(d) => (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Release</th>
                <th scope="col">By</th>
                <th scope="col">Package</th>
                <th scope="col">Status</th>
                <th scope="col">Submitted</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {d.releases.map((r) => (
                <tr key={r.id}>
                  <td data-label="Release">
                    {r.title} <span className="muted">({r.release_type})</span>
                  </td>
                  <td data-label="By">{r.username}</td>
                  <td data-label="Package">{r.package && r.package !== 'none' ? `${r.package} · ${formatNaira(r.price)}` : 'None'}</td>
                  <td data-label="Status">{releaseStatus(r.status)}</td>
                  <td data-label="Submitted">{r.submitted_at ? formatDate(r.submitted_at) : '—'}</td>
                  <td data-label="Actions">
                    <div className="admin-actions">
                      <Button variant="secondary" onClick={() => setShown(r.id)}>
                        View
                      </Button>
                      {r.status === 'submitted' && <ReleaseStep id={r.id} action="review" name={`"${r.title}"`} onDone={onDone} />}
                      {r.status === 'approved' && <ReleaseStep id={r.id} action="deliver" name={`"${r.title}"`} onDone={onDone} />}
                      {(r.status === 'submitted' || r.status === 'in_review') && (
                        <ReviewActions queue="releases" decide={decideRelease} id={r.id} name={`"${r.title}"`} onDone={onDone} />
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueueState>
      {query.data && query.data.pagination.totalPages > 1 && (
        <Pager
          page={query.data.pagination.currentPage}
          totalPages={query.data.pagination.totalPages}
          total={query.data.pagination.total}
          noun={['release', 'releases']}
          onPage={setPage}
        />
      )}
      {shown && <ReleaseDialog id={shown} onClose={() => setShown(null)} />}
    </>
  );
}

const stepErrors = adminCallErrors('Failed to update the release');

/** A release's step that needs no reason: Start review (submitted → in review), Deliver (approved → delivered). */
function ReleaseStep({ id, action, name, onDone }: { id: string; action: 'review' | 'deliver'; name: string; onDone: (text: string) => void }) {
  const decide = useDecide('releases', decideRelease);
  const [error, setError] = useState('');
  const label = action === 'review' ? 'Start review' : 'Deliver';
  return (
    <>
      <Button
        variant="secondary"
        disabled={decide.isPending}
        onClick={() =>
          decide.mutate(
            { id, action },
            {
              onSuccess: () => onDone(action === 'review' ? `${name} is in review.` : `${name} delivered.`),
              onError: (e) => setError(messageFor(e, stepErrors)),
            },
          )
        }
      >
        {label}
      </Button>
      {error && <Alert>{error}</Alert>}
    </>
  );
}
