import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, joinFieldErrors } from '@/lib/api-client';
import { messageFor, type ErrorCatalogue } from '@/lib/error-message';
import * as z from 'zod/mini';
import { checkFile, fileSchema } from './file-rules';
import { fieldErrorsOf, uploadErrorText, uploadFiles, type SubmitFailure, type UploadItem } from './upload-file';

export const PLATFORM_LINKS = [
  { field: 'spotify', label: 'Spotify' },
  { field: 'apple_music', label: 'Apple Music' },
  { field: 'youtube_music', label: 'YouTube Music' },
  { field: 'boomplay', label: 'Boomplay' },
  { field: 'audiomark', label: 'Audiomark' },
] as const;

export type PlatformField = (typeof PLATFORM_LINKS)[number]['field'];

export type AudioFormValues = { caption: string; type: 'music' | 'beat' } & Record<PlatformField, string>;

export const emptyAudioForm: AudioFormValues = {
  caption: '',
  type: 'music',
  spotify: '',
  apple_music: '',
  youtube_music: '',
  boomplay: '',
  audiomark: '',
};

export const AUDIO_TEXTS = {
  captionRequired: 'Caption is required',
  captionTooLong: 'Caption must be at most 500 characters',
  audioRequired: 'Audio file is required',
  linkRequired: 'At least one platform link is required',
  unauthorized: 'Unauthorized: Please log in',
} as const;

const MAX_CAPTION = 500;

export type AudioFormErrors = Partial<Record<'caption' | 'audio_upload' | 'cover_photo' | PlatformField, string>>;

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const platformLink = (label: string) => z.string().check(z.trim(), z.refine((link) => !link || isHttpUrl(link), `${label} must be a valid URL`));

/**
 * Spec part 2 §5 audio form: caption and audio file required; each link given must be an http(s)
 * URL, as the server checks. "At least one platform link" is a warning only (audioLinkWarning).
 */
export const audioFormSchema = z.object({
  caption: z.string().check(z.trim(), z.minLength(1, AUDIO_TEXTS.captionRequired), z.maxLength(MAX_CAPTION, AUDIO_TEXTS.captionTooLong)),
  type: z.enum(['music', 'beat']),
  ...(Object.fromEntries(PLATFORM_LINKS.map(({ field, label }) => [field, platformLink(label)])) as Record<PlatformField, ReturnType<typeof platformLink>>),
  audio_upload: fileSchema((file) => checkFile('audio', file), AUDIO_TEXTS.audioRequired),
  cover_photo: fileSchema((file) => checkFile('image', file)),
});

export type AudioForm = z.input<typeof audioFormSchema>;
export type CheckedAudioForm = z.output<typeof audioFormSchema>;

export const emptyAudioUpload: AudioForm = { ...emptyAudioForm, audio_upload: null, cover_photo: null };

/** The missing-link warning: it does not stop the post (a new artist may have no streaming link yet). */
export function audioLinkWarning(values: AudioFormValues): string | null {
  return PLATFORM_LINKS.some(({ field }) => values[field].trim()) ? null : AUDIO_TEXTS.linkRequired;
}

export type CreateAudioBody = {
  caption: string;
  type: 'music' | 'beat';
  audio_upload: string;
  cover_photo?: string;
} & Record<PlatformField, string>;

/** POST /audio/create (session): the post refers to uploaded keys. */
export function createAudioPost(body: CreateAudioBody) {
  return api.post('/audio/create', { body });
}

/** Spec part 1 §8, audio create. */
export const createAudioErrors: ErrorCatalogue = {
  byStatus: {
    400: (e) => e.message || 'Validation error or missing files',
    401: AUDIO_TEXTS.unauthorized,
    500: 'Server error: Please try again later',
  },
  network: 'Network error: No response from server',
  fallback: 'An unexpected error occurred',
};

export type UploadAudioInput = {
  values: AudioFormValues;
  audio: File;
  cover: File | null;
  onProgress: (percent: number) => void;
};

/** Uploads the audio (and cover) with progress, then creates the post. */
export async function uploadAudioPost({ values, audio, cover, onProgress }: UploadAudioInput) {
  const items: UploadItem[] = [{ kind: 'audio', file: audio }];
  if (cover) items.push({ kind: 'image', file: cover });
  const [audioKey, coverKey] = await uploadFiles(items, onProgress);
  const links = Object.fromEntries(PLATFORM_LINKS.map(({ field }) => [field, values[field].trim()])) as Record<PlatformField, string>;
  return createAudioPost({
    caption: values.caption.trim(),
    type: values.type,
    audio_upload: audioKey,
    ...(coverKey && { cover_photo: coverKey }),
    ...links,
  });
}

const AUDIO_FIELDS = ['caption', 'audio_upload', 'cover_photo', ...PLATFORM_LINKS.map((l) => l.field)] as const;

/** The alert text of a failed audio upload, whichever step failed, and the fields it names. */
export function audioUploadFailure(error: unknown, type: AudioFormValues['type']): SubmitFailure<keyof AudioFormErrors> {
  const word = type === 'beat' ? 'beat' : 'audio';
  const uploadText = uploadErrorText(error, word, AUDIO_TEXTS.unauthorized);
  if (uploadText) return { text: uploadText, fields: {} };
  const text = messageFor(error, createAudioErrors);
  const detail = error instanceof ApiError ? joinFieldErrors(error) : '';
  return { text, detail: detail && detail !== text ? detail : undefined, fields: fieldErrorsOf(error, AUDIO_FIELDS) };
}

export function useUploadAudioPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAudioPost,
    // Lists showing posts refetch when next shown; nothing waits for that here.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
      void queryClient.invalidateQueries({ queryKey: ['feed'] });
    },
  });
}
