import type { QueryClient } from '@tanstack/react-query';
import type { AudioPost, BeatPost, Comment, FeedPost, VideoPost } from '@/types/api';

/**
 * The kinds of post: free audio and video uploads, and beats for sale (kind "beat", whose
 * audio is a 10 s preview for all but the owner). All three are liked, commented on and shared
 * through the same calls under their own prefix, so those building blocks live here.
 */
export type PostKind = 'audio' | 'video' | 'beat';

/** The kinds with a feed tab and a post list of their own in this feature. */
export type MediaKind = 'audio' | 'video';

export type PlayablePost = AudioPost | VideoPost | BeatPost;

/**
 * Query keys of every cache entry that holds posts. A like, a comment or a share changes one
 * post's counters in all of them at once, so the feed, the post page and the shared page agree.
 */
export const postKeys = {
  feed: (tab: MediaKind) => ['feed', tab] as const,
  post: (kind: PostKind, id: string) => ['post', kind, id] as const,
  shared: (shareId: string) => ['shared-audio', shareId] as const,
  list: (kind: PostKind, userId?: string) => ['posts', kind, userId ?? 'all'] as const,
  comments: (kind: PostKind, id: string) => ['comments', kind, id] as const,
  shareLink: (kind: PostKind, id: string) => ['share-link', kind, id] as const,
};

const POST_ROOTS = new Set(['feed', 'post', 'shared-audio', 'posts']);

/** Whether a feed or list entry is a post this client knows how to show. */
export function isPlayable(post: FeedPost | null | undefined): post is PlayablePost {
  return !!post && typeof post.id === 'string' && (post.kind === 'audio' || post.kind === 'video' || post.kind === 'beat');
}

/** Liked state as the API sends it (isLiked, or is_liked from older answers). */
export function likedOf(post: Pick<PlayablePost, 'isLiked' | 'is_liked'>): boolean {
  return Boolean(post.isLiked ?? post.is_liked);
}

type PostUpdate = (post: PlayablePost) => PlayablePost;

function mapPosts(posts: unknown, matches: (p: PlayablePost) => boolean, update: PostUpdate): unknown {
  if (!Array.isArray(posts)) return posts;
  let changed = false;
  const next = posts.map((p) => {
    if (!isPlayable(p) || !matches(p)) return p;
    changed = true;
    return update(p);
  });
  return changed ? next : posts;
}

/** Rewrites one post wherever it sits: {post}, {posts}, or infinite pages of {posts}. */
function rewrite(data: unknown, matches: (p: PlayablePost) => boolean, update: PostUpdate): unknown {
  if (!data || typeof data !== 'object') return data;
  const record = data as Record<string, unknown>;
  if (Array.isArray(record.pages)) {
    const pages = record.pages.map((page) => rewrite(page, matches, update));
    return pages.some((p, i) => p !== (record.pages as unknown[])[i]) ? { ...record, pages } : data;
  }
  if ('post' in record && isPlayable(record.post as FeedPost) && matches(record.post as PlayablePost)) {
    return { ...record, post: update(record.post as PlayablePost) };
  }
  if ('posts' in record) {
    const posts = mapPosts(record.posts, matches, update);
    return posts === record.posts ? data : { ...record, posts };
  }
  return data;
}

/** Applies `update` to the post (kind, id) in every cached feed, list and single-post answer. */
export function updatePostInCaches(queryClient: QueryClient, kind: PostKind, id: string, update: PostUpdate): void {
  const matches = (p: PlayablePost) => p.id === id && p.kind === kind;
  queryClient.setQueriesData(
    { predicate: (query) => POST_ROOTS.has(String(query.queryKey[0])) },
    (data: unknown) => rewrite(data, matches, update),
  );
}

/** Removes a post from every cached feed and list (after a delete). */
export function removePostFromCaches(queryClient: QueryClient, kind: PostKind, id: string): void {
  const drop = (data: unknown): unknown => {
    if (!data || typeof data !== 'object') return data;
    const record = data as Record<string, unknown>;
    if (Array.isArray(record.pages)) return { ...record, pages: record.pages.map(drop) };
    if (Array.isArray(record.posts)) {
      return { ...record, posts: record.posts.filter((p: FeedPost) => !(p?.id === id && p?.kind === kind)) };
    }
    return data;
  };
  queryClient.setQueriesData({ predicate: (q) => ['feed', 'posts'].includes(String(q.queryKey[0])) }, drop);
  queryClient.removeQueries({ queryKey: postKeys.post(kind, id) });
}

/** Comments the server returned merged with the ones only this client knows, newest first. */
export function mergeComments<C extends Comment>(local: C[], server: C[]): C[] {
  const serverIds = new Set(server.map((c) => c.id));
  const onlyLocal = local.filter((c) => !serverIds.has(c.id));
  return [...onlyLocal, ...server].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}
