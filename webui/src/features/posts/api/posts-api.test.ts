import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { messageFor } from '@/lib/error-message';
import { createQueryClient } from '@/lib/query-client';
import { errorCases } from '@/testing/cases';
import { audioPost, comment, page, videoPost } from '../testing/player-stubs';
import { commentErrors, postFetchErrors, postListErrors, reactErrors, sharedAudioErrors } from './errors';
import { mergeComments, postKeys, updatePostInCaches } from './post-cache';

describe('updatePostInCaches', () => {
  it('changes the post in the feed pages, the single-post answer and lists, and nothing else', () => {
    const qc = createQueryClient();
    const target = audioPost({ id: 'a-1', reactions: 4 });
    const other = audioPost({ id: 'a-2', reactions: 9 });
    const sameIdVideo = videoPost({ id: 'a-1', reactions: 1 });
    qc.setQueryData(postKeys.feed('audio'), { pages: [{ posts: [other, target], pagination: page() }], pageParams: [null] });
    qc.setQueryData(postKeys.post('audio', 'a-1'), { post: target });
    qc.setQueryData(postKeys.list('video'), { posts: [sameIdVideo], pagination: page() });
    qc.setQueryData(['profile', 'me'], { id: 'a-1', reactions: 4 });

    updatePostInCaches(qc, 'audio', 'a-1', (p) => ({ ...p, reactions: p.reactions + 1 }));

    const feed = qc.getQueryData<{ pages: Array<{ posts: Array<{ reactions: number }> }> }>(postKeys.feed('audio'));
    expect(feed?.pages[0].posts.map((p) => p.reactions)).toEqual([9, 5]);
    expect(qc.getQueryData<{ post: { reactions: number } }>(postKeys.post('audio', 'a-1'))?.post.reactions).toBe(5);
    expect(qc.getQueryData<{ posts: Array<{ reactions: number }> }>(postKeys.list('video'))?.posts[0].reactions).toBe(1);
    expect(qc.getQueryData<{ reactions: number }>(['profile', 'me'])?.reactions).toBe(4);
  });
});

describe('mergeComments', () => {
  it('keeps one entry per id, the server’s version winning, newest first', () => {
    const server = [comment({ id: 'c-2', comment: 'stored', created_at: '2025-01-02T00:00:00Z' })];
    const local = [
      comment({ id: 'c-2', comment: 'local copy', created_at: '2025-01-02T00:00:00Z' }),
      comment({ id: 'local-1', comment: 'sending', created_at: '2025-01-03T00:00:00Z', pending: true }),
    ];
    const merged = mergeComments(local, [...server, comment({ id: 'c-1', created_at: '2025-01-01T00:00:00Z' })]);
    expect(merged.map((c) => [c.id, c.comment])).toEqual([
      ['local-1', 'sending'],
      ['c-2', 'stored'],
      ['c-1', 'Fire!'],
    ]);
  });
});

describe('post error texts (spec §8)', () => {
  it.each(errorCases([
    [new ApiError(404, 'Audio post not found'), 'Audio post not found'],
    [new ApiError(401, ''), 'Unauthorized: Please log in'],
    [new ApiError(0, ''), 'Network error: No response from server'],
  ]))('single audio %s', (_, error, expected) => {
    expect(messageFor(error, postFetchErrors('audio'))).toBe(expected);
  });

  it.each(errorCases([
    [new ApiError(404, ''), 'Video post not found'],
    [new ApiError(401, ''), 'Unauthorized: Please log in'],
    [new ApiError(0, ''), 'Network error: No response from server'],
  ]))('video detail %s', (_, error, expected) => {
    expect(messageFor(error, postFetchErrors('video'))).toBe(expected);
  });

  it.each(errorCases([
    [new ApiError(401, ''), 'Unauthorized: Please log in'],
    [new ApiError(404, ''), 'Post not found'],
    [new ApiError(400, 'tab must be audio or video.'), 'tab must be audio or video.'],
  ]))('audio list %s', (_, error, expected) => {
    expect(messageFor(error, postListErrors('audio'))).toBe(expected);
  });

  it.each(errorCases([
    [new ApiError(400, 'whatever'), 'Validation error: Please check your input'],
    [new ApiError(404, ''), 'Post not found'],
    [new ApiError(500, ''), 'Server error: Please try again later'],
  ]))('audio react %s', (_, error, expected) => {
    expect(messageFor(error, reactErrors('audio'))).toBe(expected);
  });

  it('video react 404', () => {
    expect(messageFor(new ApiError(404, ''), reactErrors('video'))).toBe('Video post not found');
  });

  it.each(errorCases([
    [new ApiError(400, 'Validation', [{ field: 'comment', msg: 'A' }, { field: 'post_id', msg: 'B' }]), 'A | B'],
    [new ApiError(400, 'Comment cannot be empty.'), 'Comment cannot be empty.'],
    [new ApiError(404, 'Post not found'), 'Post not found'],
  ]))('comment %s', (_, error, expected) => {
    expect(messageFor(error, commentErrors('audio'))).toBe(expected);
  });

  it('shared audio 404', () => {
    expect(messageFor(new ApiError(404, ''), sharedAudioErrors)).toBe('Shared audio not found');
  });
});
