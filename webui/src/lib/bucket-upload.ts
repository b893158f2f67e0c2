import type { UploadTicket } from '@/types/api';

/** The bucket refused the upload, or it never arrived (status 0). */
export class BucketUploadError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(`Upload failed with status ${status}`);
    this.name = 'BucketUploadError';
    this.status = status;
  }
}

/**
 * Sends the file to the ticket's URL as multipart/form-data: every ticket field in the order
 * given, then the file last as "file" (S3 ignores fields after the file). XMLHttpRequest,
 * not fetch, because only it reports upload progress. No cookies: the bucket is another origin
 * and the ticket's signature is the credential.
 */
export function postToBucket(
  ticket: UploadTicket,
  file: File,
  onProgress: (sentBytes: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open(ticket.method || 'POST', ticket.url);
    xhr.upload.onprogress = (event) => {
      // The body is the file plus the form's own bytes: report the file's share of it.
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(file.size, Math.round((event.loaded / event.total) * file.size)));
      }
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new BucketUploadError(xhr.status));
    };
    xhr.onerror = () => reject(new BucketUploadError(0));
    xhr.onabort = () => reject(new BucketUploadError(0));
    xhr.ontimeout = () => reject(new BucketUploadError(0));
    xhr.send(form);
  });
}
