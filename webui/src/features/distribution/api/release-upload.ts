import { api, ApiError, joinFieldErrors, toApiError } from '@/lib/api-client';
import { postToBucket } from '@/lib/bucket-upload';
import type { UploadTicket } from '@/types/api';

/**
 * A release's files (spec part 2 §5, §9): cover art JPG or PNG under 5 MB and at least 3000x3000,
 * audio MP3, WAV or FLAC under 20 MB, checked here with the server's texts before a byte is sent,
 * then sent through the presigned upload flow (POST /uploads with the kinds cover_art and
 * release_audio, then the file to the bucket) one file at a time with its own progress.
 */
export type ReleaseFileKind = 'cover_art' | 'release_audio';

const MB = 1024 * 1024;
export const COVER_MAX_BYTES = 5 * MB;
export const AUDIO_MAX_BYTES = 20 * MB;
export const COVER_MIN_PIXELS = 3000;

export const FILE_TEXTS = {
  coverType: 'Please upload JPG or PNG',
  coverSize: 'Image exceeds 5MB limit',
  coverPixels: 'Cover art must be at least 3000x3000',
  audioType: 'Please upload MP3, WAV, or FLAC',
  audioSize: 'Audio file exceeds 20MB limit',
  uploadFailed: 'Upload failed. Please try again.',
} as const;

const TYPES: Record<ReleaseFileKind, Record<string, string>> = {
  cover_art: { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' },
  release_audio: { mp3: 'audio/mpeg', wav: 'audio/wav', flac: 'audio/flac' },
};

const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-mp3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-flac': 'audio/flac',
};

export const ACCEPT: Record<ReleaseFileKind, string> = {
  cover_art: 'image/jpeg,image/png,.jpg,.jpeg,.png',
  release_audio: 'audio/mpeg,audio/wav,audio/flac,.mp3,.wav,.flac',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The file's content type for its kind (browsers often give .flac no type: the extension decides). */
export function releaseContentType(kind: ReleaseFileKind, file: File): string | null {
  const allowed = TYPES[kind];
  const given = file.type.toLowerCase().split(';')[0].trim();
  const type = ALIASES[given] ?? given;
  if (type && type !== 'application/octet-stream') return Object.values(allowed).includes(type) ? type : null;
  return allowed[extensionOf(file.name)] ?? null;
}

export type ReleaseFileCheck = { ok: true; contentType: string } | { ok: false; error: string };

/** Type, then size, with the spec's texts. */
export function checkReleaseFile(kind: ReleaseFileKind, file: File): ReleaseFileCheck {
  const contentType = releaseContentType(kind, file);
  const cover = kind === 'cover_art';
  if (!contentType) return { ok: false, error: cover ? FILE_TEXTS.coverType : FILE_TEXTS.audioType };
  if (file.size >= (cover ? COVER_MAX_BYTES : AUDIO_MAX_BYTES)) return { ok: false, error: cover ? FILE_TEXTS.coverSize : FILE_TEXTS.audioSize };
  return { ok: true, contentType };
}

/**
 * The cover's size in pixels, read by the browser, so a small picture is refused at once rather
 * than after the upload. Null where the browser cannot decode it here (the server checks anyway).
 */
export async function coverPixelsError(file: File): Promise<string | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const small = bitmap.width < COVER_MIN_PIXELS || bitmap.height < COVER_MIN_PIXELS;
    bitmap.close();
    return small ? FILE_TEXTS.coverPixels : null;
  } catch {
    return FILE_TEXTS.coverType;
  }
}

/** The text of a failed upload: the ticket's refusal in the server's words, else a retry hint. */
export function uploadErrorText(error: unknown): string {
  const apiError = error instanceof ApiError ? error : null;
  if (apiError && apiError.status >= 400 && apiError.status < 500) return joinFieldErrors(apiError) || apiError.message || FILE_TEXTS.uploadFailed;
  return FILE_TEXTS.uploadFailed;
}

/** Uploads one checked file and answers its upload key; `onProgress` gets whole percents 0-100. */
export async function uploadReleaseFile(kind: ReleaseFileKind, file: File, contentType: string, onProgress: (percent: number) => void): Promise<string> {
  const types = TYPES[kind];
  const name = file.name || 'upload';
  const filename = types[extensionOf(name)] === contentType ? name : `${name}.${Object.keys(types).find((e) => types[e] === contentType)}`;
  let ticket: UploadTicket;
  try {
    ticket = await api.post('/uploads', { body: { kind, content_type: contentType, size: file.size, filename } });
  } catch (error) {
    throw toApiError(error);
  }
  onProgress(0);
  try {
    await postToBucket(ticket, file, (sent) => onProgress(Math.min(99, Math.floor((sent / Math.max(file.size, 1)) * 100))));
  } catch {
    throw new ApiError(0, FILE_TEXTS.uploadFailed);
  }
  onProgress(100);
  return ticket.key;
}
