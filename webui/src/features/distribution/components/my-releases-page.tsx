import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { messageFor } from '@/lib/error-message';
import { formatNaira } from '@/lib/money';
import { PACKAGE_TEXTS } from '../api/release-form';
import { STATUS_LABELS, useMyReleases } from '../api/releases';
import './distribution.css';

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString('en-NG', { day: 'numeric', month: 'short', year: 'numeric' }) : '';
}

/** /distribution/releases: your releases, newest first, with where each stands and why a rejected one was. */
export function MyReleasesPage() {
  const releases = useMyReleases();
  return (
    <section className="dist-page">
      <header className="dist-header">
        <h1>My releases</h1>
        <Link to={paths.distribution}>New release</Link>
      </header>
      {releases.isPending && <Spinner label="Loading your releases..." />}
      {releases.isError && <Alert>{messageFor(releases.error, { fallback: 'Failed to fetch releases' })}</Alert>}
      {releases.data && releases.data.releases.length === 0 && <p className="muted">You have no releases yet.</p>}
      {releases.data && releases.data.releases.length > 0 && (
        <ul className="dist-releases">
          {releases.data.releases.map((r) => (
            <li key={r.id} className="dist-release" data-testid="release">
              <div className="dist-release-head">
                <strong>{r.title || 'Untitled release'}</strong>
                <span className={`dist-status dist-status-${r.status}`}>{STATUS_LABELS[r.status]}</span>
              </div>
              <p className="muted">
                {r.release_type === 'album' ? 'Album' : 'Single'}
                {r.submitted_at ? ` · submitted ${when(r.submitted_at)}` : ` · saved ${when(r.updated_at)}`}
                {r.package && r.package !== 'none' && ` · ${PACKAGE_TEXTS[r.package as keyof typeof PACKAGE_TEXTS]?.name ?? r.package} promotion ${formatNaira(r.price)}`}
              </p>
              {r.status === 'rejected' && r.reason && <p className="dist-reason">Reason: {r.reason}</p>}
              {r.status === 'rejected' && r.package && r.package !== 'none' && <p className="muted">The {formatNaira(r.price)} promotion package was refunded to your wallet.</p>}
              {r.status === 'draft' && <Link to={paths.distribution}>Continue editing</Link>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
