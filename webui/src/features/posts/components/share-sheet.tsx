import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { messageFor } from '@/lib/error-message';
import { postCallErrors } from '../api/errors';
import { postKeys, type PlayablePost } from '../api/post-cache';
import { fallbackShareUrl, useSharePost } from '../api/share-post';
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
  // The link may have changed since the last render: copy the one just answered.
  input.value = text;
  input.select();
  return document.execCommand?.('copy') ?? false;
}

/** The sheet's title: spec §2 says "Share this track"; a video is not a track. */
export function shareTitle(kind: PlayablePost['kind']): string {
  return kind === 'video' ? 'Share this video' : 'Share this track';
}

/**
 * Spec §2 share sheet (at most 85vh). Opening it shares nothing: a share is recorded (and
 * counted) only when the link is copied or a network is chosen. The link shown is the last one
 * shared in this session, else the post's own page; copying records a share and copies the link
 * the server answers (the post's page when the call fails). Networks open in a new tab;
 * Instagram and direct sends are not built yet and say so.
 */
export function ShareSheet({ post, onClose }: { post: PlayablePost; onClose: () => void }) {
  const queryClient = useQueryClient();
  const share = useSharePost(post.kind, post.id);
  const fallback = fallbackShareUrl(post.kind, post.id);
  const [url, setUrl] = useState(() => queryClient.getQueryData<string>(postKeys.shareLink(post.kind, post.id)) ?? fallback);
  const text = post.caption || post.title || 'Listen on Zuum';
  const [copied, setCopied] = useState(false);
  const [input, setInput] = useState<HTMLInputElement | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  /** Records one share; answers the link to hand out, the post's page if the call failed. */
  const record = async (): Promise<string> => {
    const answer = await share.mutateAsync().catch(() => null);
    const link = answer?.url || fallback;
    setUrl(link);
    return link;
  };

  const copy = async () => {
    const link = await record();
    setCopied(await copyText(link, input));
  };

  const shareTo = async (network: Network) => {
    // The tab opens now, while the click still counts as the user's own: one opened after the
    // call answers would be taken for a pop-up and blocked. It learns its address afterwards.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    const target = network.url(await record(), text);
    if (tab) tab.location.href = target;
    else window.open(target, '_blank', 'noopener,noreferrer');
  };

  const notBuilt = (what: string) => window.alert(`${what} is not implemented yet.`);

  return (
    <Sheet title={shareTitle(post.kind)} size="share" onClose={onClose}>
      {share.isError && (
        <p className="action-error" role="alert">
          {messageFor(share.error, postCallErrors(post.kind))}
        </p>
      )}
      <div className="share-networks" role="group" aria-label="Share to">
        {NETWORKS.map((n) => (
          <button key={n.name} type="button" className="share-network" onClick={() => void shareTo(n)}>
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
            value={url}
            onFocus={(e) => e.target.select()}
          />
          <button type="button" className="btn btn-secondary" disabled={share.isPending} onClick={() => void copy()}>
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
