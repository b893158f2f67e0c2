import { joinFieldErrors } from '@/lib/api-client';
import { BucketUploadError } from '@/lib/bucket-upload';
import { UploadTicketError } from '@/features/upload/api/upload-file';

/**
 * The text for a file that did not upload, or null when the failure came from elsewhere (the
 * create call): the ticket's refusals show the server's field messages, the bucket's a retry hint.
 */
export function uploadFailureText(error: unknown): string | null {
  if (error instanceof BucketUploadError) return 'Failed to upload file. Please try again.';
  if (!(error instanceof UploadTicketError)) return null;
  return joinFieldErrors(error.apiError) || error.apiError.message || 'Failed to upload file. Please try again.';
}
