import { api, ApiError, joinFieldErrors, toApiError } from '@/lib/api-client';
import type { ApiBody, UploadTicket } from '@/types/api';
import { BucketUploadError, postToBucket } from '@/lib/bucket-upload';
import { checkFile, ticketFilename, type UploadKind } from './file-rules';

export { BucketUploadError, postToBucket };

export type TicketRequest = ApiBody<'/uploads', 'post'>;

/** POST /uploads: a presigned S3 form POST for one file (session). */
export function requestUploadTicket(body: TicketRequest): Promise<UploadTicket> {
  return api.post('/uploads', { body });
}

/** The ticket call refused the file (or the session); carries the server's answer. */
export class UploadTicketError extends Error {
  readonly apiError: ApiError;

  constructor(apiError: ApiError) {
    super(joinFieldErrors(apiError) || apiError.message || 'Upload refused');
    this.name = 'UploadTicketError';
    this.apiError = apiError;
  }
}

export type UploadItem = { kind: UploadKind; file: File };

/**
 * Uploads the files one after another and returns their keys, in the order given. All tickets
 * are asked for first, so a refused file stops everything before any bytes travel.
 * `onProgress` receives a whole percent (0-100) over the bytes of all files.
 */
export async function uploadFiles(items: UploadItem[], onProgress: (percent: number) => void): Promise<string[]> {
  const tickets: UploadTicket[] = [];
  for (const { kind, file } of items) {
    const check = checkFile(kind, file);
    const content_type = check.ok ? check.contentType : file.type;
    const filename = check.ok ? ticketFilename(kind, file, content_type) : file.name;
    try {
      tickets.push(await requestUploadTicket({ kind, content_type, size: file.size, filename }));
    } catch (error) {
      throw new UploadTicketError(toApiError(error));
    }
  }
  const total = items.reduce((sum, { file }) => sum + file.size, 0) || 1;
  let done = 0;
  let lastPercent = -1;
  const report = (bytes: number) => {
    const percent = Math.min(100, Math.floor((bytes / total) * 100));
    if (percent !== lastPercent) {
      lastPercent = percent;
      onProgress(percent);
    }
  };
  report(0);
  for (const [index, { file }] of items.entries()) {
    await postToBucket(tickets[index], file, (sent) => report(done + sent));
    done += file.size;
    report(done);
  }
  return tickets.map((t) => t.key);
}

/** The word of spec part 2 §8 "Failed to upload beat/audio/video. Please try again.". */
export type UploadWord = 'beat' | 'audio' | 'video';

export function uploadFailedText(word: UploadWord): string {
  return `Failed to upload ${word}. Please try again.`;
}

/**
 * Text for a failed file upload, or null when the error came from elsewhere (the create call).
 * The ticket's refusals show the server's field messages; a bucket refusal the spec's text.
 */
export function uploadErrorText(error: unknown, word: UploadWord, unauthorizedText: string): string | null {
  if (error instanceof BucketUploadError) return uploadFailedText(word);
  if (!(error instanceof UploadTicketError)) return null;
  const { apiError } = error;
  if (apiError.status === 401) return unauthorizedText;
  if (apiError.status >= 400 && apiError.status < 500) {
    return joinFieldErrors(apiError) || apiError.message || uploadFailedText(word);
  }
  return uploadFailedText(word);
}

export type SubmitFailure<F extends string> = { text: string; detail?: string; fields: Partial<Record<F, string>> };

/** Server field errors of the create call, on the form fields they name. */
export function fieldErrorsOf<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return found;
  for (const { field, msg } of error.fieldErrors) {
    if ((fields as readonly string[]).includes(field)) found[field as F] ??= msg;
  }
  return found;
}
