import { vi } from 'vitest';
import type { RecordedCall } from '@/testing/mock-api';
import type { UploadTicket } from '@/types/api';

/**
 * A stand-in for XMLHttpRequest, the one browser API the upload forms use besides fetch.
 * Each request waits until the test answers it (`respond`, `fail`), so progress can be shown
 * step by step; `auto` answers every request with that status as soon as it is sent.
 */
export class FakeXhr {
  method = '';
  url = '';
  status = 0;
  body: FormData | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  withCredentials = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  send(body: FormData) {
    this.body = body;
    bucket.requests.push(this);
    if (bucket.auto !== null) {
      const status = bucket.auto;
      queueMicrotask(() => this.respond(status));
    }
  }

  /** Reports `loaded` of `total` body bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number) {
    this.status = status;
    this.onload?.();
  }

  fail() {
    this.onerror?.();
  }

  /** The form's entries in order, files shown by name. */
  entries(): Array<[string, string]> {
    return [...(this.body?.entries() ?? [])].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`]);
  }
}

const bucket: { requests: FakeXhr[]; auto: number | null } = { requests: [], auto: null };

/** Installs FakeXhr; `auto` answers each upload with that status at once (null: the test answers). */
export function mockBucket(auto: number | null = 204) {
  bucket.requests = [];
  bucket.auto = auto;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return bucket;
}

/** A ticket as POST /uploads answers it, for the kind and type the browser asked for. */
export function ticketFor(call: RecordedCall): { status: number; body: UploadTicket } {
  const request = JSON.parse(String(call.init.body)) as { kind: string; content_type: string; filename: string };
  const ext = request.filename.split('.').pop();
  const key = `uploads/u-1/${request.kind}/${request.kind}-id.${ext}`;
  return {
    status: 201,
    body: {
      key,
      url: 'https://media.example.test/zuum-media',
      method: 'POST',
      fields: { key, 'Content-Type': request.content_type, Policy: 'cG9saWN5', 'X-Amz-Signature': 'sig' },
      max_size: request.kind === 'image' ? 5242879 : 52428799,
      expires_at: '2030-01-01T00:00:00Z',
    },
  };
}

/** A file that reports `size` bytes without allocating them. */
export function sizedFile(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
