import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageFor, type ErrorCatalogue } from '@/lib/error-message';
import type { AudioPost, BeatPost, VideoPost } from '@/types/api';

/** The kinds of upload a creator can promote, with the word of spec part 2 §8's fetch failures. */
export const UPLOAD_KINDS = [
  { type: 'beat', label: 'Beats', word: 'beats' },
  { type: 'video', label: 'Videos', word: 'videos' },
  { type: 'audio', label: 'Audios', word: 'audios' },
] as const;

export type PromotableType = (typeof UPLOAD_KINDS)[number]['type'];

/** One of the caller's uploads as the promote page shows it. */
export type Upload = {
  id: string;
  type: PromotableType;
  title: string;
  cover: string;
  media: string;
};

/** The most the list routes give in one page; the promote page lists the newest of each kind. */
const LIMIT = 50;

const titleOf = (post: { caption: string; title: string }) => post.title.trim() || post.caption.trim() || 'Untitled';

function fromBeat(post: BeatPost): Upload {
  return { id: post.id, type: 'beat', title: titleOf(post), cover: post.cover_photo, media: post.audio_upload };
}
function fromAudio(post: AudioPost): Upload {
  return { id: post.id, type: 'audio', title: titleOf(post), cover: post.cover_photo, media: post.audio_upload };
}
function fromVideo(post: VideoPost): Upload {
  return { id: post.id, type: 'video', title: titleOf(post), cover: post.cover_photo, media: post.video_upload };
}

async function fetchUploads(type: PromotableType, signal: AbortSignal): Promise<Upload[]> {
  const query = { limit: LIMIT };
  if (type === 'beat') return (await api.get('/beat/user-posts', { query, signal })).posts.map(fromBeat);
  if (type === 'audio') return (await api.get('/audio/user', { query, signal })).posts.map(fromAudio);
  return (await api.get('/video/user', { query, signal })).posts.map(fromVideo);
}

/** GET /beat/user-posts, /audio/user or /video/user: the caller's own uploads of one kind. */
export const useOwnUploads = (type: PromotableType) =>
  useQuery({ queryKey: ['promotion', 'uploads', type], queryFn: ({ signal }) => fetchUploads(type, signal) });

/** Spec part 2 §8: a fetch failure shows the server's words, else "Failed to fetch beats/videos/audios". */
export function uploadsErrorText(error: unknown, type: PromotableType): string {
  const word = UPLOAD_KINDS.find((k) => k.type === type)?.word ?? 'uploads';
  const catalogue: ErrorCatalogue = { fallback: `Failed to fetch ${word}` };
  return messageFor(error, catalogue);
}
