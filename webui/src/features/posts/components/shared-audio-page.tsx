import { useParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toApiError } from '@/lib/api-client';
import { messageFor } from '@/lib/error-message';
import { sharedAudioErrors } from '../api/errors';
import { useSharedAudio } from '../api/get-post';
import { AudioSlide } from './audio-slide';
import { BackButton, PlayerMessage } from './player-parts';
import './posts.css';

const NOT_FOUND = 'Shared audio not found';

/** /shared-audio/{shareId}: the shared track full screen, with like, comments and share. */
export function SharedAudioPage() {
  const { shareId = '' } = useParams();
  const query = useSharedAudio(shareId);
  const post = query.data?.post;

  if (query.isPending) return <Spinner fullScreen label="Loading audio..." />;
  if (query.isError) {
    const notFound = toApiError(query.error).status === 404;
    return <PlayerMessage message={notFound ? NOT_FOUND : messageFor(query.error, sharedAudioErrors)} home={paths.home} />;
  }
  if (!post) return <PlayerMessage message={NOT_FOUND} home={paths.home} />;
  return (
    <div className="fullscreen-player">
      <BackButton />
      <AudioSlide post={post} active />
    </div>
  );
}
