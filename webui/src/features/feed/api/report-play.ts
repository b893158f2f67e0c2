import { useCallback, useRef } from 'react';
import { api } from '@/lib/api-client';
import type { PlayablePost } from '@/features/posts/api/post-cache';

/** The server counts one play per listener and post every 10 minutes; sooner reports stay home. */
const REPORT_EVERY_MS = 10 * 60_000;

/** POST /{audio,video,beat}/{id}/play: the caller started playing the post (204). */
export function reportPlay(post: Pick<PlayablePost, 'kind' | 'id'>) {
  const path = { id: post.id };
  if (post.kind === 'video') return api.post('/video/{id}/play', { path });
  if (post.kind === 'beat') return api.post('/beat/{id}/play', { path });
  return api.post('/audio/{id}/play', { path });
}

/**
 * Reports a slide's play when its media starts playing, at most once per post every 10 minutes
 * from this feed. A lost report is not retried: a play is a count, not a payment.
 */
export function usePlayReporter() {
  const reported = useRef(new Map<string, number>());
  return useCallback((post: Pick<PlayablePost, 'kind' | 'id'>) => {
    const key = `${post.kind}:${post.id}`;
    const now = Date.now();
    const last = reported.current.get(key);
    if (last !== undefined && now - last < REPORT_EVERY_MS) return;
    reported.current.set(key, now);
    reportPlay(post).catch(() => {});
  }, []);
}
