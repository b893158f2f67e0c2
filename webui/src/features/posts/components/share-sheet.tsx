import { useEffect, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { messageFor } from '@/lib/error-message';
import { postCallErrors } from '../api/errors';
import { fallbackShareUrl, useShareLink } from '../api/share-post';
import type { PlayablePost } from '../api/post-cache';
import { Sheet } from './sheet';

/** Spec §9: "Copied!" shows for 2 seconds. */
export const COPIED_MS = 2000;

/** The "Send directly to" row: placeholders until chat sharing exists (spec §2). */
export const PLACEHOLDER_RECIPIENTS = ['Tolu', 'Chidi', 'Amaka', 'Kemi', 'Bayo'];

type Network = { name: string; url: (link: string, text: string) => string };

const NETWORKS: Network[] = [
  { name: 'Twitter', url: (u, t) => `https://twitter.com/intent/tweet?url=${enc(u)}&text=${enc(t)}` },
  { name: 'Facebook', url: (u) => `https://www.facebook.com/sharer/sharer.php?u=${enc(u)}` },
  { name: 'WhatsApp', url: (u, t) => `https://wa.me/?text=${enc(`${t} ${u}`)}` },
  { name: 'Telegram', url: (u, t) => `https://t.me/share/url?url=${enc(u)}&text=${enc(t)}` },
];

function enc(value: string): string {
  return encodeURIComponent(value);
}

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection copy
  }
  if (!input) return false;
  input.select();
  return document.execCommand?.('copy') ?? false;
}

/**
 * Spec §2 share sheet "Share this track" (at most 85vh): networks open in a new tab, Instagram
 * and direct sends are not built yet and say so, the link copies with "Copied!" for 2 s.
 */
export function ShareSheet({ post, onClose }: { post: PlayablePost; onClose: () => void }) {
  const link = useShareLink(post.kind, post.id, true);
  const url = link.data?.url ?? (link.isError ? fallbackShareUrl(post.kind, post.id) : '');
  const text = post.caption || post.title || 'Listen on Zuum';
  const [copied, setCopied] = useState(false);
  const [input, setInput] = useState<HTMLInputElement | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const notBuilt = (what: string) => window.alert(`${what} is not implemented yet.`);

  return (
    <Sheet title="Share this track" size="share" onClose={onClose}>
      {link.isError && (
        <p className="action-error" role="alert">
          {messageFor(link.error, postCallErrors(post.kind))}
        </p>
      )}
      <div className="share-networks" role="group" aria-label="Share to">
        {NETWORKS.map((n) => (
          <button
            key={n.name}
            type="button"
            className="share-network"
            disabled={!url}
            onClick={() => window.open(n.url(url, text), '_blank', 'noopener,noreferrer')}
          >
            {n.name}
          </button>
        ))}
        <button type="button" className="share-network" onClick={() => notBuilt('Instagram sharing')}>
          Instagram
        </button>
      </div>

      <div className="share-link">
        <label htmlFor={`share-link-${post.kind}-${post.id}`}>Link</label>
        <div className="share-link-row">
          <input
            id={`share-link-${post.kind}-${post.id}`}
            ref={setInput}
            readOnly
            value={url || 'Creating link...'}
            onFocus={(e) => e.target.select()}
          />
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!url}
            onClick={async () => setCopied(await copyText(url, input))}
          >
            {copied ? 'Copied!' : 'Copy'}
          </button>
        </div>
        <p className="visually-hidden" role="status" aria-live="polite">
          {copied ? 'Link copied' : ''}
        </p>
      </div>

      <section className="share-direct" aria-labelledby={`send-direct-${post.id}`}>
        <h3 id={`send-direct-${post.id}`}>Send directly to</h3>
        <ul>
          {PLACEHOLDER_RECIPIENTS.map((name) => (
            <li key={name}>
              <button type="button" aria-label={`Send to ${name}`} onClick={() => notBuilt('Sending directly')}>
                <Avatar alt="" size={48} />
                <span aria-hidden="true">{name}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </Sheet>
  );
}
