import type { AudioPost } from '@/types/api';
import { Sheet } from './sheet';

/** Spec §2: the five platforms in this order; each links out or says "Not Available". */
export const PLATFORMS = [
  { key: 'spotify', label: 'Spotify' },
  { key: 'apple_music', label: 'Apple Music' },
  { key: 'youtube_music', label: 'YouTube Music' },
  { key: 'boomplay', label: 'Boomplay' },
  { key: 'audiomark', label: 'Audiomark' },
] as const;

/** Only http(s) links are offered, so a stored value can never run script. */
function safeLink(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function PlatformsSheet({ post, onClose }: { post: AudioPost; onClose: () => void }) {
  return (
    <Sheet title="Streaming Platforms" size="fit" onClose={onClose}>
      <ul className="platform-list">
        {PLATFORMS.map(({ key, label }) => {
          const href = safeLink(post[key]);
          return (
            <li key={key} className="platform">
              <span className="platform-name">{label}</span>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${label}: Available`}>
                  Available
                </a>
              ) : (
                <span className="muted">Not Available</span>
              )}
            </li>
          );
        })}
      </ul>
    </Sheet>
  );
}
