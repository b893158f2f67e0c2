import * as z from 'zod/mini';

/**
 * Browser-side file rules (spec part 2 §5, functions/README.md "uploads"): the same types, limits
 * and texts the upload ticket enforces, checked before a byte is sent.
 */
export type UploadKind = 'audio' | 'video' | 'image';

const MB = 1024 * 1024;

/** The first refused size of each kind (the server refuses 5,242,880 and 52,428,800 bytes). */
export const MAX_BYTES: Record<UploadKind, number> = { image: 5 * MB, audio: 50 * MB, video: 50 * MB };

/** Canonical content type per extension. */
const EXTENSION_TYPES: Record<UploadKind, Record<string, string>> = {
  image: { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' },
  audio: { mp3: 'audio/mpeg', wav: 'audio/wav', flac: 'audio/flac', aac: 'audio/aac' },
  video: { mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', qt: 'video/quicktime', avi: 'video/x-msvideo' },
};

/** Other names browsers give the same types; the server accepts and normalises them too. */
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-mp3': 'audio/mpeg',
  'audio/x-mpeg': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-flac': 'audio/flac',
  'audio/x-aac': 'audio/aac',
  'audio/aacp': 'audio/aac',
  'audio/vnd.dlna.adts': 'audio/aac',
  'video/avi': 'video/x-msvideo',
  'video/msvideo': 'video/x-msvideo',
};

export const FILE_TEXTS = {
  imageType: 'Please select a valid image file (JPEG, PNG)',
  coverTooLarge: 'Cover photo must be less than 5MB',
  audioType: 'Please select a valid audio file (MP3, WAV)',
  audioTooLarge: 'Audio file must be less than 50MB',
  videoType: 'Please upload a valid video file (MP4, MOV, or AVI)',
  videoTooLarge: 'Video file size exceeds 50MB limit',
} as const;

const TYPE_TEXT: Record<UploadKind, string> = {
  image: FILE_TEXTS.imageType,
  audio: FILE_TEXTS.audioType,
  video: FILE_TEXTS.videoType,
};

/** Every picture these forms take is a cover photo, so the size text is the cover's. */
const SIZE_TEXT: Record<UploadKind, string> = {
  image: FILE_TEXTS.coverTooLarge,
  audio: FILE_TEXTS.audioTooLarge,
  video: FILE_TEXTS.videoTooLarge,
};

/** `accept` attribute of each kind's file input: types and extensions (for empty File.type). */
export const ACCEPT: Record<UploadKind, string> = {
  image: 'image/jpeg,image/png,.jpg,.jpeg,.png',
  audio: 'audio/mpeg,audio/wav,audio/flac,audio/aac,.mp3,.wav,.flac,.aac',
  video: 'video/mp4,video/quicktime,video/x-msvideo,.mp4,.m4v,.mov,.qt,.avi',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The content type to ask a ticket for, or null when the file is not of this kind. Browsers
 * sometimes give no type (often for .flac or .aac) or a generic one: the extension decides then.
 */
export function contentTypeFor(kind: UploadKind, file: File): string | null {
  const allowed = EXTENSION_TYPES[kind];
  const given = file.type.toLowerCase().split(';')[0].trim();
  const normalised = ALIASES[given] ?? given;
  if (normalised && normalised !== 'application/octet-stream') {
    return Object.values(allowed).includes(normalised) ? normalised : null;
  }
  return allowed[extensionOf(file.name)] ?? null;
}

/**
 * The filename to ask a ticket for: the ticket refuses a name whose extension is not the
 * content type's, so a name without one (or with another) gets the type's own extension added.
 */
export function ticketFilename(kind: UploadKind, file: File, contentType: string): string {
  const types = EXTENSION_TYPES[kind];
  const name = file.name || 'upload';
  if (types[extensionOf(name)] === contentType) return name;
  const ext = Object.keys(types).find((e) => types[e] === contentType);
  return ext ? `${name}.${ext}` : name;
}

export type FileCheck = { ok: true; contentType: string } | { ok: false; error: string };

/** Type first, then size, with the spec's texts. */
export function checkFile(kind: UploadKind, file: File): FileCheck {
  const contentType = contentTypeFor(kind, file);
  if (!contentType) return { ok: false, error: TYPE_TEXT[kind] };
  if (file.size >= MAX_BYTES[kind]) return { ok: false, error: SIZE_TEXT[kind] };
  return { ok: true, contentType };
}

/**
 * A form's file (kept in the form even when refused, so its reason stands until another file is
 * picked): refused by `check`'s text, or by `required` when none was picked.
 */
export function fileSchema(check: (file: File) => FileCheck, required?: string) {
  return z.custom<File | null>().check(
    z.superRefine((file, ctx) => {
      const refused = file ? check(file) : null;
      if (refused && !refused.ok) ctx.addIssue({ code: 'custom', message: refused.error, input: file });
      else if (!file && required) ctx.addIssue({ code: 'custom', message: required, input: file });
    }),
  );
}
