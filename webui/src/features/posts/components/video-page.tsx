import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { messageFor } from '@/lib/error-message';
import { mediaUrl } from '@/lib/media-url';
import type { VideoPost } from '@/types/api';
import { postFetchErrors } from '../api/errors';
import { useVideoPost } from '../api/get-post';
import { BackButton, PlayerMessage, ProgressBar, TapToPlay } from './player-parts';
import { PostActions } from './post-actions';
import { PostIcon } from './post-icons';
import { usePlayback } from './use-playback';
import './posts.css';

/** Spec §9: the video page starts muted at volume 0.5; the slider moves in steps of 0.01. */
export const DEFAULT_VOLUME = 0.5;

/** /videos/{id} and /video/{id}: the full-screen video player of spec §2 "Video page". */
export function VideoPage() {
  const { id = '' } = useParams();
  const query = useVideoPost(id);
  const post = query.data?.post;

  if (query.isPending) {
    return (
      <div className="video-page video-page-center">
        <Spinner label="Loading video..." />
      </div>
    );
  }
  if (query.isError) return <PlayerMessage message={messageFor(query.error, postFetchErrors('video'))} home={paths.landing} />;
  if (!post) return <PlayerMessage message="Video not found" home={paths.landing} />;
  return <VideoPlayer post={post} />;
}

function VideoPlayer({ post }: { post: VideoPost }) {
  const video = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const playback = usePlayback(video, true, post.duration);
  const { data: me } = useCurrentProfile();
  const profilePath = me?.id === post.profile_id ? paths.ownProfile : paths.profile(post.profile_id);
  const audioName = post.audio?.name;

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    el.muted = muted;
    el.volume = volume;
  }, [muted, volume]);

  const onVolume = (value: number) => {
    setVolume(value);
    setMuted(value === 0);
  };

  const toggleMute = () => {
    if (muted && volume === 0) setVolume(DEFAULT_VOLUME);
    setMuted(!muted);
  };

  return (
    <div className="video-page">
      <video
        ref={video}
        className="video-page-media"
        src={mediaUrl(post.video_url || post.video_upload) || undefined}
        poster={mediaUrl(post.cover_photo) || undefined}
        muted={muted}
        loop
        playsInline
        preload="auto"
        controlsList="nodownload noplaybackrate"
        disablePictureInPicture
        onContextMenu={(e) => e.preventDefault()}
        onTimeUpdate={playback.onTimeUpdate}
        onLoadedMetadata={playback.onTimeUpdate}
      />
      <TapToPlay playback={playback} />
      <div className="video-page-top">
        <BackButton />
        <div className="volume-control">
          <button
            type="button"
            className="icon-button"
            aria-label={muted ? 'Unmute' : 'Mute'}
            onClick={toggleMute}
          >
            <PostIcon name={muted ? 'muted' : 'volume'} />
          </button>
          <input
            type="range"
            aria-label="Volume"
            min={0}
            max={1}
            step={0.01}
            value={volume}
            onChange={(e) => onVolume(Number(e.target.value))}
          />
        </div>
      </div>
      <aside className="video-side" aria-label="Video actions">
        <Link to={profilePath} className="video-author" aria-label={`${post.username}'s profile`}>
          <Avatar src={post.profile_picture} alt="" size={44} />
        </Link>
        <PostActions post={post} className="video-side-actions" />
        {audioName && <span className="audio-disc" role="img" aria-label={`Audio: ${audioName}`} />}
      </aside>
      <div className="video-details">
        <p className="video-username">@{post.username}</p>
        {post.caption && <p className="video-caption">{post.caption}</p>}
        {audioName && (
          <p className="video-audio">
            <PostIcon name="music" width={14} height={14} /> {audioName}
          </p>
        )}
      </div>
      <ProgressBar currentTime={playback.currentTime} duration={playback.duration} />
    </div>
  );
}
