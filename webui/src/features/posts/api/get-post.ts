import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { postKeys } from './post-cache';

/** GET /audio/{id}: one audio post. */
export function getAudioPost(id: string) {
  return api.get('/audio/{id}', { path: { id } });
}

/** GET /video/{id}: one video post (private ones only for their owner). */
export function getVideoPost(id: string) {
  return api.get('/video/{id}', { path: { id } });
}

/** GET /audio/shared/{shareId}: the audio post behind a share link. */
export function getSharedAudio(shareId: string) {
  return api.get('/audio/shared/{shareId}', { path: { shareId } });
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
