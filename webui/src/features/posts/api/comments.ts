import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api-client';
import { messageFor } from '@/lib/error-message';
import type { Comment, Pagination } from '@/types/api';
import { commentErrors } from './errors';
import { PAGE_SIZE } from './list-posts';
import { mergeComments, postKeys, updatePostInCaches, type PostKind } from './post-cache';

export type CommentPage = { comments: Comment[]; pagination: Pagination };

/** GET /{kind}/{id}/comments: one page, newest first. */
export function listComments(kind: PostKind, postId: string, cursor: string | null): Promise<CommentPage> {
  return api.get(`/${kind}/{id}/comments`, { path: { id: postId }, query: { limit: PAGE_SIZE, ...(cursor && { cursor }) } });
}

export function commentsQueryOptions(kind: PostKind, postId: string) {
  return infiniteQueryOptions({
    queryKey: postKeys.comments(kind, postId),
    queryFn: ({ pageParam }) => listComments(kind, postId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pagination?.hasNext && last.pagination.next ? last.pagination.next : undefined),
  });
}

/**
 * POST /{kind}/comment/create {post_id: string, comment} (a beat's is POST /beat/comment, the
 * spec's path): 201 with the stored comment.
 */
export async function createComment(kind: PostKind, postId: string, text: string): Promise<Comment> {
  const body = { post_id: String(postId), comment: text };
  const answer = kind === 'beat' ? await api.post('/beat/comment', { body }) : await api.post(`/${kind}/comment/create`, { body });
  return answer.comment;
}

/** The commenter as the optimistic entry shows them. */
export type Commenter = { id: string; username: string; image?: string };

let localSeq = 0;

/**
 * A post's comments: the server's pages merged by id with the entries only this client holds
 * (spec §4: an optimistic entry shows at once, a refused one stays marked "Failed to send").
 * The post's comment count moves with the optimistic entry and back if the call fails.
 */
export function useCommentThread(kind: PostKind, postId: string, me: Commenter | undefined) {
  const queryClient = useQueryClient();
  const server = useInfiniteQuery(commentsQueryOptions(kind, postId));
  const [local, setLocal] = useState<LocalComment[]>([]);

  const bumpCount = (delta: number) =>
    updatePostInCaches(queryClient, kind, postId, (p) => ({ ...p, comments: Math.max(0, (p.comments ?? 0) + delta) }));

  const send = useMutation({
    mutationFn: ({ text }: { text: string; tempId: string }) => createComment(kind, postId, text),
    onMutate: ({ text, tempId }) => {
      const entry: LocalComment = {
        id: tempId,
        post_id: postId,
        profile_id: me?.id ?? '',
        username: me?.username ?? '',
        profile_picture: me?.image ?? '',
        comment: text,
        created_at: new Date().toISOString(),
        likes: 0,
        isLiked: false,
        pending: true,
      };
      setLocal((list) => [entry, ...list]);
      bumpCount(1);
    },
    onError: (error, { tempId }) => {
      const reason = messageFor(error, commentErrors(kind));
      setLocal((list) => list.map((c) => (c.id === tempId ? { ...c, pending: false, failed: true, failureReason: reason } : c)));
      bumpCount(-1);
    },
    onSuccess: (stored, { tempId }) => {
      setLocal((list) => list.map((c) => (c.id === tempId ? { ...c, ...stored, pending: false } : c)));
      // The server's list now holds it too; the merge by id shows it once.
      return queryClient.invalidateQueries({ queryKey: postKeys.comments(kind, postId) });
    },
  });

  const serverComments = server.data?.pages.flatMap((page) => page.comments ?? []) ?? [];
  return {
    comments: mergeComments<LocalComment>(local, serverComments),
    server,
    sending: send.isPending,
    /** Ignores text that is empty after trimming (spec §5). */
    submit(text: string): boolean {
      const trimmed = text.trim();
      if (!trimmed || send.isPending) return false;
      localSeq += 1;
      send.mutate({ text: trimmed, tempId: `local-${Date.now()}-${localSeq}` });
      return true;
    },
  };
}

/** A comment as the sheet shows it; a refused one carries the reason next to "Failed to send". */
export type LocalComment = Comment & { failureReason?: string };
