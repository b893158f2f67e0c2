import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { clock } from '../comment-age';
import { PostIcon } from './post-icons';
import type { Playback } from './use-playback';

/** Progress of the track: current time over duration. */
export function ProgressBar({ currentTime, duration }: Pick<Playback, 'currentTime' | 'duration'>) {
  const percent = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label="Playback progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-valuetext={`${clock(currentTime)} of ${clock(duration)}`}
    >
      <div className="progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The big transparent button over the media: tap to play or pause. */
export function TapToPlay({ playback }: { playback: Playback }) {
  return (
    <>
      <button
        type="button"
        className="slide-tap"
        aria-label={playback.playing ? 'Pause' : 'Play'}
        onClick={playback.toggle}
      />
      {playback.flash && (
        <span className="tap-icon" data-testid="tap-icon" data-icon={playback.flash} aria-hidden="true">
          <PostIcon name={playback.flash} filled />
        </span>
      )}
    </>
  );
}

/** Uploader avatar and name, linking to their profile (or /profile when it is you). */
export function UploaderLink({ profileId, username, picture }: { profileId: string; username: string; picture: string }) {
  const { data: me } = useCurrentProfile();
  const to = me?.id && me.id === profileId ? paths.ownProfile : paths.profile(profileId);
  return (
    <Link to={to} className="uploader" onClick={(e) => e.stopPropagation()}>
      <Avatar src={picture} alt="" size={36} />
      <span>{username}</span>
    </Link>
  );
}

/** Back to where the user came from, or to `fallback` when the page was opened directly. */
export function BackButton({ fallback = paths.home }: { fallback?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <button
      type="button"
      className="icon-button back-button"
      aria-label="Back"
      onClick={(e) => {
        e.stopPropagation();
        if (location.key !== 'default') navigate(-1);
        else navigate(fallback);
      }}
    >
      <PostIcon name="back" />
    </button>
  );
}

/** A page-level message (not found, failed load) with the way home. */
export function PlayerMessage({ message, home }: { message: string; home: string }) {
  const navigate = useNavigate();
  return (
    <section className="player-message">
      <p role="alert">{message}</p>
      <button type="button" className="btn btn-primary" onClick={() => navigate(home)}>
        Return to Home
      </button>
    </section>
  );
}
