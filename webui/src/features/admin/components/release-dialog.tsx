import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { messageFor } from '@/lib/error-message';
import { mediaUrl } from '@/lib/media-url';
import { adminCallErrors } from '../api/admin-errors';
import { useRelease, type ReleaseDetail } from '../api/releases-queue';
import { releaseStatus } from './release-status';

const releaseErrors = adminCallErrors('Failed to fetch the release');

/** The release's audio: a single's one file, or each album track with its title. */
function audioFiles(release: ReleaseDetail): { title: string; url: string }[] {
  if (release.release_type === 'single') return release.files.audioFile ? [{ title: release.title, url: release.files.audioFile }] : [];
  return release.files.tracks.map((url, i) => ({ title: release.form.tracks[i]?.title || `Track ${i + 1}`, url }));
}

/** A release under review: its cover, what the artist declared, and each audio file playable in place. */
export function ReleaseDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useRelease(id);
  const release = query.data?.release;
  return (
    <Dialog title={release ? release.title : 'Release'} onClose={onClose} actions={<Button onClick={onClose}>Close</Button>}>
      {query.isPending ? (
        <Spinner label="Loading release..." />
      ) : query.isError ? (
        <Alert>{messageFor(query.error, releaseErrors)}</Alert>
      ) : (
        <div className="release-detail">
          {release!.files.coverArt ? (
            <img className="release-cover" src={mediaUrl(release!.files.coverArt)} alt={`Cover of ${release!.title}`} />
          ) : (
            <p className="muted">No cover art.</p>
          )}
          <dl className="admin-details">
            <div>
              <dt>Artist</dt>
              <dd>{release!.form.artistName || release!.username}</dd>
            </div>
            <div>
              <dt>Type</dt>
              <dd>{release!.release_type}</dd>
            </div>
            <div>
              <dt>Genre</dt>
              <dd>{release!.form.genre || '—'}</dd>
            </div>
            <div>
              <dt>Release date</dt>
              <dd>{release!.form.releaseDate || '—'}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{releaseStatus(release!.status)}</dd>
            </div>
            {release!.reason && (
              <div>
                <dt>Reason</dt>
                <dd>{release!.reason}</dd>
              </div>
            )}
          </dl>
          <ol className="release-tracks">
            {audioFiles(release!).map((t, i) => (
              <li key={i}>
                <span>{t.title}</span>
                <audio controls preload="none" src={mediaUrl(t.url)} aria-label={`Play ${t.title}`} />
              </li>
            ))}
          </ol>
        </div>
      )}
    </Dialog>
  );
}
