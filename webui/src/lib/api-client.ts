import { Amplify } from 'aws-amplify';
import { ApiError as AmplifyApiError, del, get, post, put } from 'aws-amplify/api';
import type { AppConfig } from '@/config/runtime-config';
import { forgetLegacyToken } from './token-storage';

/**
 * The one API client. Every call goes through Amplify REST (`get`/`post`/`put`) so the same
 * build talks to the local cloud, LocalStack or API Gateway, whichever /config.json names.
 *
 * How Amplify v6 behaves here (read in @aws-amplify/api-rest 4.7, transferHandler.mjs):
 * - `withCredentials: true` becomes `fetch(..., { credentials: 'include' })`, so the
 *   `zuum_session` cookie travels even when the API sits on another origin. That HttpOnly
 *   cookie is the web app's only credential: no Authorization header is ever added here
 *   (the API still takes Bearer tokens from other clients).
 * - Requests are SigV4-signed only when Amplify can resolve AWS credentials. No Auth category
 *   is configured, and `defaultAuthMode: 'none'` skips even asking for a session, so every
 *   request goes out unsigned: no Cognito is needed and none is contacted.
 * - A FormData body is handed to fetch untouched and the content-type header is dropped so the
 *   browser writes the multipart boundary; multipart PUT /user/profile therefore goes through
 *   Amplify too and no plain-fetch escape hatch is needed.
 * - Its default retry policy repeats 429 and 5xx responses up to three times; signup, login
 *   and OTP calls must not be replayed, so retries are switched off.
 */
export const API_NAME = 'zuum';

let apiUrl = '';

/**
 * Points Amplify REST at the checked runtime configuration. Called once at start, which is
 * also when a login token stored by an older build is thrown away.
 */
export function configureApiClient(config: AppConfig): void {
  forgetLegacyToken();
  apiUrl = config.apiUrl;
  Amplify.configure(
    { API: { REST: { [API_NAME]: { endpoint: config.apiUrl, region: config.region } } } },
    { API: { REST: { retryStrategy: { strategy: 'no-retry' }, defaultAuthMode: 'none' } } },
  );
}

/** The absolute URL of an API path, for full-browser redirects such as Google sign-in. */
export function apiUrlFor(path: string): string {
  return `${apiUrl}${path}`;
}

/** Origin serving the API; relative media paths such as /public/... resolve against it. */
export function apiOrigin(): string {
  return apiUrl ? new URL(apiUrl).origin : window.location.origin;
}

export type FieldError = { field: string; msg: string };

/** A failed call: HTTP status (0 when no response arrived), server message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldError[];

  constructor(status: number, message: string, fieldErrors: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/** Spec §5: server field errors are shown joined with " | ". */
export function joinFieldErrors(error: ApiError): string {
  return error.fieldErrors.map((e) => e.msg).join(' | ');
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function readErrorBody(status: number, text: string): ApiError {
  const body = parseJson(text) as { message?: unknown; errors?: unknown } | null;
  const message = typeof body?.message === 'string' ? body.message : '';
  const fieldErrors = Array.isArray(body?.errors)
    ? body.errors.filter(
        (e): e is FieldError => typeof e?.field === 'string' && typeof e?.msg === 'string',
      )
    : [];
  return new ApiError(status, message, fieldErrors);
}

/** Maps whatever Amplify threw to an ApiError. Anything without an HTTP response is status 0. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AmplifyApiError && error.response) {
    return readErrorBody(error.response.statusCode, error.response.body ?? '');
  }
  const message = error instanceof Error ? error.message : 'Network error';
  return new ApiError(0, message);
}

type Body = Record<string, unknown> | FormData;
type RequestOptions = { query?: Record<string, string> };

function options(body?: Body, query?: Record<string, string>) {
  return {
    withCredentials: true,
    ...(body !== undefined && { body: body as FormData }),
    ...(query && { queryParams: query }),
  };
}

async function send<T>(operation: { response: Promise<{ body: { text(): Promise<string> } }> }) {
  let text: string;
  try {
    const response = await operation.response;
    text = await response.body.text();
  } catch (error) {
    throw toApiError(error);
  }
  return parseJson(text) as T;
}

export const api = {
  get<T>(path: string, { query }: RequestOptions = {}): Promise<T> {
    return send<T>(get({ apiName: API_NAME, path, options: options(undefined, query) }));
  },
  post<T>(path: string, body: Body = {}): Promise<T> {
    return send<T>(post({ apiName: API_NAME, path, options: options(body) }));
  },
  put<T>(path: string, body: Body): Promise<T> {
    return send<T>(put({ apiName: API_NAME, path, options: options(body) }));
  },
  /** Amplify's DELETE answers no body, so this resolves once the server said 2xx. */
  async del(path: string): Promise<void> {
    try {
      await del({ apiName: API_NAME, path, options: options() }).response;
    } catch (error) {
      throw toApiError(error);
    }
  },
};
