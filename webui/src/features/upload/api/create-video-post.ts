import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, joinFieldErrors } from '@/lib/api-client';
import { messageFor, type ErrorCatalogue } from '@/lib/error-message';
import * as z from 'zod/mini';
import { checkFile, fileSchema } from './file-rules';
import { fieldErrorsOf, uploadErrorText, uploadFiles, type SubmitFailure, type UploadItem } from './upload-file';

export const VIDEO_TEXTS = {
  captionRequired: 'Caption is required',
  captionTooLong: 'Caption must be at most 500 characters',
  videoRequired: 'Video file is required',
  tokenMissing: 'Authentication token not found. Please log in.',
  tagTooLong: 'A tag must be at most 50 characters',
  tooManyTags: 'You can tag at most 20 people',
} as const;

const MAX_CAPTION = 500;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;

export type VideoFormValues = { caption: string; location: string; public: boolean; tagged_people: string[] };

export const emptyVideoForm: VideoFormValues = { caption: '', location: '', public: true, tagged_people: [] };

export type VideoFormErrors = Partial<Record<'caption' | 'video_upload' | 'cover_photo' | 'tagged_people', string>>;

/** Spec part 2 §5 video form: caption and video file required; the cover is optional. */
export const videoFormSchema = z.object({
  caption: z.string().check(z.trim(), z.minLength(1, VIDEO_TEXTS.captionRequired), z.maxLength(MAX_CAPTION, VIDEO_TEXTS.captionTooLong)),
  location: z.string(),
  public: z.boolean(),
  tagged_people: z.array(z.string()),
  video_upload: fileSchema((file) => checkFile('video', file), VIDEO_TEXTS.videoRequired),
  cover_photo: fileSchema((file) => checkFile('image', file)),
});

export type VideoForm = z.input<typeof videoFormSchema>;
export type CheckedVideoForm = z.output<typeof videoFormSchema>;

export const emptyVideoUpload: VideoForm = { ...emptyVideoForm, video_upload: null, cover_photo: null };

/**
 * Adds a tag to the list: trimmed, never blank, never twice (names compared without case).
 * Returns the list unchanged when the tag is refused, with the reason when there is one to say.
 */
export function addTag(tags: string[], raw: string): { tags: string[]; error?: string } {
  const tag = raw.trim();
  if (!tag) return { tags };
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return { tags };
  if (tag.length > MAX_TAG_LENGTH) return { tags, error: VIDEO_TEXTS.tagTooLong };
  if (tags.length >= MAX_TAGS) return { tags, error: VIDEO_TEXTS.tooManyTags };
  return { tags: [...tags, tag] };
}

export type CreateVideoBody = {
  caption: string;
  location: string;
  public: boolean;
  tagged_people: string[];
  video_upload: string;
  cover_photo?: string;
};

/** POST /video/create (session). */
export function createVideoPost(body: CreateVideoBody) {
  return api.post('/video/create', { body });
}

/** Spec part 2 §8, video create; a missing session reads as the spec's missing-token text. */
export const createVideoErrors: ErrorCatalogue = {
  byStatus: {
    400: 'Validation error or missing files.',
    401: VIDEO_TEXTS.tokenMissing,
    500: 'Server error. Please try again later.',
  },
  network: 'Network error: No response from server',
  fallback: 'An unexpected error occurred',
};

export type UploadVideoInput = {
  values: VideoFormValues;
  video: File;
  cover: File | null;
  onProgress: (percent: number) => void;
};

/** Uploads the video (and cover) with progress, then creates the post. */
export async function uploadVideoPost({ values, video, cover, onProgress }: UploadVideoInput) {
  const items: UploadItem[] = [{ kind: 'video', file: video }];
  if (cover) items.push({ kind: 'image', file: cover });
  const [videoKey, coverKey] = await uploadFiles(items, onProgress);
  return createVideoPost({
    caption: values.caption.trim(),
    location: values.location.trim(),
    public: values.public,
    tagged_people: values.tagged_people,
    video_upload: videoKey,
    ...(coverKey && { cover_photo: coverKey }),
  });
}

const VIDEO_FIELDS = ['caption', 'video_upload', 'cover_photo', 'tagged_people'] as const;

/** The alert text of a failed video upload, whichever step failed, and the fields it names. */
export function videoUploadFailure(error: unknown): SubmitFailure<keyof VideoFormErrors> {
  const uploadText = uploadErrorText(error, 'video', VIDEO_TEXTS.tokenMissing);
  if (uploadText) return { text: uploadText, fields: {} };
  const text = messageFor(error, createVideoErrors);
  const detail = error instanceof ApiError ? joinFieldErrors(error) : '';
  return { text, detail: detail && detail !== text ? detail : undefined, fields: fieldErrorsOf(error, VIDEO_FIELDS) };
}

export function useUploadVideoPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadVideoPost,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
      void queryClient.invalidateQueries({ queryKey: ['feed'] });
    },
  });
}
