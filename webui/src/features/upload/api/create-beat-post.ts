import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, joinFieldErrors } from '@/lib/api-client';
import { messageFor, type ErrorCatalogue } from '@/lib/error-message';
import type { CheckedBeat, BeatField } from './beat-form';
import { fieldErrorsOf, uploadErrorText, uploadFiles, type SubmitFailure } from './upload-file';

/** POST /beat/create (session): the beat refers to the uploaded keys; amount is naira. */
export function createBeatPost(beat: CheckedBeat, keys: { audio_upload: string; cover_photo: string }) {
  return api.post('/beat/create', { body: { ...beat, ...keys } });
}


/** Spec part 2 §8 beat create. */
export const createBeatErrors: ErrorCatalogue = {
  byStatus: {
    400: (e) => e.message || 'Validation error or missing files',
    401: 'Unauthorized: Please log in',
    500: 'Server error: Please try again later',
  },
  network: 'Network error: No response from server',
  fallback: 'An unexpected error occurred',
};

export type UploadBeatInput = { beat: CheckedBeat; audio: File; cover: File; onProgress: (percent: number) => void };

/** Uploads the audio and the cover with progress (as the audio form does), then puts the beat up for sale. */
export async function uploadBeatPost({ beat, audio, cover, onProgress }: UploadBeatInput) {
  const [audioKey, coverKey] = await uploadFiles(
    [
      { kind: 'audio', file: audio },
      { kind: 'image', file: cover },
    ],
    onProgress,
  );
  return createBeatPost(beat, { audio_upload: audioKey, cover_photo: coverKey });
}

const BEAT_FIELDS = ['caption', 'description', 'total_supply', 'amount', 'cover_photo', 'audio_upload'] as const;

/** The alert of a failed beat upload, whichever step failed, and the fields the server named. */
export function beatUploadFailure(error: unknown): SubmitFailure<BeatField> {
  const uploadText = uploadErrorText(error, 'beat', 'Unauthorized: Please log in');
  if (uploadText) return { text: uploadText, fields: {} };
  const text = messageFor(error, createBeatErrors);
  const detail = error instanceof ApiError ? joinFieldErrors(error) : '';
  return { text, detail: detail && detail !== text ? detail : undefined, fields: fieldErrorsOf(error, BEAT_FIELDS) };
}

export function useUploadBeatPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBeatPost,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
      void queryClient.invalidateQueries({ queryKey: ['feed'] });
    },
  });
}
