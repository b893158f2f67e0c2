import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AudioPost, VideoPost } from '@/types/api';
import { postKeys } from './post-cache';

type PostAnswer<P> = { post: P | null };

/** GET /audio/{id}: one audio post. */
export function getAudioPost(id: string): Promise<PostAnswer<AudioPost>> {
  return api.get<PostAnswer<AudioPost>>(`/audio/${encodeURIComponent(id)}`);
}

/** GET /video/{id}: one video post (private ones only for their owner). */
export function getVideoPost(id: string): Promise<PostAnswer<VideoPost>> {
  return api.get<PostAnswer<VideoPost>>(`/video/${encodeURIComponent(id)}`);
}

/** GET /audio/shared/{shareId}: the audio post behind a share link. */
export function getSharedAudio(shareId: string): Promise<PostAnswer<AudioPost>> {
  return api.get<PostAnswer<AudioPost>>(`/audio/shared/${encodeURIComponent(shareId)}`);
}

export const audioPostQueryOptions = (id: string) =>
  queryOptions({ queryKey: postKeys.post('audio', id), queryFn: () => getAudioPost(id) });

export const videoPostQueryOptions = (id: string) =>
  queryOptions({ queryKey: postKeys.post('video', id), queryFn: () => getVideoPost(id) });

export const sharedAudioQueryOptions = (shareId: string) =>
  queryOptions({ queryKey: postKeys.shared(shareId), queryFn: () => getSharedAudio(shareId) });

export const useAudioPost = (id: string) => useQuery(audioPostQueryOptions(id));
export const useVideoPost = (id: string) => useQuery(videoPostQueryOptions(id));
export const useSharedAudio = (shareId: string) => useQuery(sharedAudioQueryOptions(shareId));
