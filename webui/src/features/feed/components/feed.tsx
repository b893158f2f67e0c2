import { useCallback, useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDataSaver } from '@/lib/data-saver';
import { messageFor } from '@/lib/error-message';
import { isPlayable, type PlayablePost } from '@/features/posts/api/post-cache';
import { useFillHeight } from '@/features/posts/components/use-fill-height';
import { feedErrors, useFeed, type FeedTab } from '../api/get-feed';
import { usePlayReporter } from '../api/report-play';
import { slideMedia } from '../slide-sources';
import { FeedSlot, isDrawn } from './feed-slot';
import { useFeedObserver } from './use-feed-observer';
import '@/features/posts/components/posts.css';
import './feed.css';

const keyOf = (post: PlayablePost) => `${post.kind}:${post.id}`;

/** Whether a post belongs on the tab: beats for sale ride in the audio tab. */
const onTab = (post: PlayablePost, tab: FeedTab) => post.kind === tab || (tab === 'audio' && post.kind === 'beat');

/**
 * The home feed of one tab: a vertical snap-scrolling list of slides (spec §2). Only the slide
 * at least 60% visible plays; the last slide half in view loads the next page. Only the slide
 * in view and the next one get their media (slideMedia, with data saver), and only the slides
 * next to it are drawn in full (FeedSlot: the rest are placeholders of the same size). The audio tab
 * mixes audio posts and beats for sale (kind "beat"); kinds this client does not know are
 * skipped, and pages made only of them are walked past.
 */
export function Feed({ tab }: { tab: FeedTab }) {
  const feed = useFeed(tab);
  const reportPlay = usePlayReporter();
  const dataSaver = useDataSaver();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;

  const pages = feed.data?.pages;
  const posts = useMemo(() => {
    const seen = new Set<string>();
    const list: PlayablePost[] = [];
    for (const page of pages ?? []) {
      for (const post of page?.posts ?? []) {
        if (!isPlayable(post) || !onTab(post, tab) || seen.has(keyOf(post))) continue;
        seen.add(keyOf(post));
        list.push(post);
      }
    }
    return list;
  }, [pages, tab]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A page of nothing this client can show would leave no new slide to scroll to: go on.
  const lastPage = pages?.[pages.length - 1];
  const lastPageShowsNothing = !!lastPage && !(lastPage.posts ?? []).some((p) => isPlayable(p) && onTab(p, tab));
  useEffect(() => {
    if (lastPageShowsNothing && !feed.isFetchNextPageError) loadMore();
  }, [lastPageShowsNothing, feed.isFetchNextPageError, loadMore]);

  const lastKey = posts.length ? keyOf(posts[posts.length - 1]) : null;
  const { root, rootRef, activeKey, currentKey, slotRef } = useFeedObserver(lastKey, loadMore);
  const current = Math.max(0, posts.findIndex((post) => keyOf(post) === currentKey));
  useFillHeight(root);
  const label = tab === 'audio' ? 'Audio feed' : 'Video feed';

  if (feed.isPending) {
    return (
      <div className="feed feed-center" aria-label={label}>
        <Spinner label="Loading feed..." />
      </div>
    );
  }
  if (!feed.data) {
    return (
      <div className="feed feed-center" aria-label={label}>
        <p role="alert">{messageFor(feed.error, feedErrors(tab))}</p>
        <Button variant="secondary" onClick={() => feed.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (posts.length === 0 && !hasNextPage) {
    return (
      <div className="feed feed-center" aria-label={label}>
        <div className="feed-empty-disc" aria-hidden="true" />
        <h2>{tab === 'audio' ? 'No audio posts yet' : 'No videos yet'}</h2>
        <p className="muted">Be the first to share something with the community.</p>
        <Link to={paths.add} className="btn btn-primary">
          Upload
        </Link>
      </div>
    );
  }

  return (
    <div ref={rootRef} className="feed">
      <div role="feed" aria-label={label} aria-busy={feed.isFetching}>
        {posts.map((post, i) => {
          const key = keyOf(post);
          return (
            <FeedSlot
              key={key}
              post={post}
              slideKey={key}
              index={i}
              active={key === activeKey}
              drawn={isDrawn(i, current)}
              media={slideMedia(i, current, post.kind, dataSaver)}
              slotRef={slotRef}
              onPlay={reportPlay}
            />
          );
        })}
      </div>
      {(isFetchingNextPage || (hasNextPage && posts.length === 0)) && <Spinner label="Loading more..." />}
      {feed.isFetchNextPageError && (
        <div className="feed-more-error">
          <p role="alert">{messageFor(feed.error, feedErrors(tab))}</p>
          <Button variant="secondary" onClick={() => fetchNextPage()}>
            Try Again
          </Button>
        </div>
      )}
    </div>
  );
}
