import { Amplify } from '@aws-amplify/core';
import { ApiError as AmplifyApiError, del, get, post, put } from 'aws-amplify/api';
import type { ZodMiniType } from 'zod/mini';
import { currentAppConfig, setAppConfig, type AppConfig } from '@/config/runtime-config';
import type { ApiAnswer, ApiBody, ApiMethod, ApiOperation, ApiPath, ApiPathParams, ApiQuery } from '@/types/api';
import { ApiError, UnexpectedAnswerError, type FieldError } from './api-error';

export { ApiError, joinFieldErrors, UnexpectedAnswerError, type FieldError } from './api-error';

/**
 * The one API client. Every call goes through Amplify REST (`get`/`post`/`put`) so the same
 * build talks to the local cloud, LocalStack or API Gateway, whichever runtime configuration main.tsx reads.
 * Paths, parameters, bodies and answers are typed by the API document (functions/openapi.yaml,
 * generated into types/openapi.gen.ts by `npm run gen:api`): an undocumented call does not compile.
 *
 * How Amplify v6 behaves here (read in @aws-amplify/api-rest 4.7, transferHandler.mjs):
 * - `withCredentials: true` becomes `fetch(..., { credentials: 'include' })`, so the
 *   `zuum_session` cookie travels even when the API sits on another origin. That HttpOnly
 *   cookie is the web app's only credential: no Authorization header is ever added here
 *   (the API still takes Bearer tokens from other clients).
 * - Requests are SigV4-signed only when Amplify can resolve AWS credentials. No Auth category
 *   is configured, and `defaultAuthMode: 'none'` skips even asking for a session, so every
 *   request goes out unsigned: no Cognito is needed and none is contacted.
 *   So Amplify is configured through @aws-amplify/core's singleton (the one aws-amplify/api reads):
 *   aws-amplify's own facade imports the Cognito providers, 10 kB gzip on every signed-in route.
 * - A FormData body is handed to fetch untouched and the content-type header is dropped so the
 *   browser writes the multipart boundary; multipart PUT /user/profile therefore goes through
 *   Amplify too and no plain-fetch escape hatch is needed.
 * - Its default retry policy repeats 429 and 5xx responses up to three times; signup, login
 *   and OTP calls must not be replayed, so retries are switched off.
 */
export const API_NAME = 'zuum';

let configuredWith: AppConfig | null = null;

/**
 * Points Amplify REST at the runtime configuration main.tsx keeps (config/runtime-config), on the
 * first call rather than at start: the landing page, which calls nothing, never loads Amplify.
 * Returns the API's absolute URL.
 */
function configured(): string {
  const config = currentAppConfig();
  if (!config) throw new Error('The API client was called before the runtime configuration was loaded.');
  if (configuredWith !== config) {
    Amplify.configure(
      { API: { REST: { [API_NAME]: { endpoint: config.apiUrl, region: config.region } } } },
      { API: { REST: { retryStrategy: { strategy: 'no-retry' }, defaultAuthMode: 'none' } } },
    );
    configuredWith = config;
  }
  return config.apiUrl;
}

/** Keeps `config` and points Amplify REST at it now (tests; the app sets the config in main.tsx). */
export function configureApiClient(config: AppConfig): void {
  setAppConfig(config);
  configured();
}

/** The absolute URL of an API path, for full-browser redirects such as Google sign-in. */
export function apiUrlFor(path: string): string {
  return `${configured()}${path}`;
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

/** An answer's check, or a loader of it. */
type Schema<T> = ZodMiniType<T> | (() => Promise<ZodMiniType<T>>);

/**
 * What a call takes besides its path, all from the document: `path` values for its
 * {placeholders}, `query`, and `body` (JSON, or FormData for multipart routes); each one
 * required when the document requires it and refused when the route has none. `schema`
 * checks the answer at run time instead of trusting it (its output must be the documented
 * answer's type); it may be given as a loader (`() => import(...)`), which runs while the
 * request travels, so a screen that must not carry zod up front still checks its answers. `headers` adds request headers a route reads (a money call's Idempotency-Key);
 * `signal` cancels the request when it aborts.
 */
type Init<P, M extends ApiMethod> = P extends unknown
  ? ([ApiPathParams<P, M>] extends [never] ? { path?: never } : { path: ApiPathParams<P, M> }) &
      ([ApiQuery<P, M>] extends [never]
        ? { query?: never }
        : ApiOperation<P, M> extends { parameters: { query: object } }
          ? { query: ApiQuery<P, M> }
          : { query?: ApiQuery<P, M> }) &
      ([ApiBody<P, M>] extends [never]
        ? { body?: never }
        : ApiOperation<P, M> extends { requestBody: object }
          ? { body: ApiBody<P, M> }
          : { body?: ApiBody<P, M> }) & { schema?: Schema<ApiAnswer<P, M>>; headers?: Record<string, string>; signal?: AbortSignal }
  : never;

/** The init argument, optional when nothing in it is required. */
type Args<P, M extends ApiMethod> = object extends Init<P, M> ? [init?: Init<P, M>] : [init: Init<P, M>];

type AnyInit = { path?: Record<string, unknown>; query?: object; body?: unknown; schema?: Schema<unknown>; headers?: Record<string, string>; signal?: AbortSignal };

/**
 * "/user/{id}/following" with {id: "u 1"} → "/user/u%201/following". The types demand every
 * value; one missing all the same is a programming error, thrown before anything is sent.
 */
function fillPath(template: string, values: Record<string, unknown> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

function queryParams(query: object): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params[name] = String(value);
  }
  return params;
}

function options(init: AnyInit, body?: unknown) {
  return {
    withCredentials: true,
    ...(body !== undefined && { body: body as FormData }),
    ...(init.query && { queryParams: queryParams(init.query) }),
    ...(init.headers && { headers: init.headers }),
  };
}

type Sent = { response: Promise<{ statusCode: number; body: { text(): Promise<string> } }> };

/**
 * Ties an Amplify operation to `signal` (TanStack Query's, which aborts when the query is no
 * longer wanted, such as a search whose words changed): aborting it cancels the request in flight.
 */
function cancelOnAbort<O extends { cancel(message?: string): void }>(operation: O, signal?: AbortSignal): O {
  if (!signal) return operation;
  if (signal.aborted) operation.cancel();
  else signal.addEventListener('abort', () => operation.cancel(), { once: true });
  return operation;
}

async function send(route: string, operation: Sent, schema?: Schema<unknown>): Promise<unknown> {
  // A loader starts now, beside the request, and is awaited only once the answer is in.
  const check = typeof schema === 'function' ? schema() : schema;
  // A call that fails never reads the check: its loading failure is nobody's to report then.
  if (check instanceof Promise) check.catch(() => {});
  let text: string;
  let status: number;
  try {
    const response = await operation.response;
    status = response.statusCode;
    text = await response.body.text();
  } catch (error) {
    throw toApiError(error);
  }
  const body = parseJson(text);
  if (!check) return body;
  const result = (await check).safeParse(body);
  if (!result.success) throw new UnexpectedAnswerError(status, route, result.error.issues);
  return result.data;
}

/**
 * The calls, typed by the API document: only documented paths and methods type-check, and
 * each answers its documented 2xx type. Answers are trusted as typed unless `schema` is given.
 */
export const api = {
  get<P extends ApiPath<'get'>>(path: P, ...args: Args<P, 'get'>): Promise<ApiAnswer<P, 'get'>> {
    const i = (args[0] ?? {}) as AnyInit;
    configured();
    const op = cancelOnAbort(get({ apiName: API_NAME, path: fillPath(path, i.path), options: options(i) }), i.signal);
    return send(`GET ${path}`, op, i.schema) as Promise<ApiAnswer<P, 'get'>>;
  },
  /** Without a body, sends `{}`. */
  post<P extends ApiPath<'post'>>(path: P, ...args: Args<P, 'post'>): Promise<ApiAnswer<P, 'post'>> {
    const i = (args[0] ?? {}) as AnyInit;
    configured();
    const op = cancelOnAbort(post({ apiName: API_NAME, path: fillPath(path, i.path), options: options(i, i.body ?? {}) }), i.signal);
    return send(`POST ${path}`, op, i.schema) as Promise<ApiAnswer<P, 'post'>>;
  },
  put<P extends ApiPath<'put'>>(path: P, ...args: Args<P, 'put'>): Promise<ApiAnswer<P, 'put'>> {
    const i = (args[0] ?? {}) as AnyInit;
    configured();
    const op = cancelOnAbort(put({ apiName: API_NAME, path: fillPath(path, i.path), options: options(i, i.body) }), i.signal);
    return send(`PUT ${path}`, op, i.schema) as Promise<ApiAnswer<P, 'put'>>;
  },
  /** Amplify's DELETE answers no body, so this resolves once the server said 2xx. */
  async del<P extends ApiPath<'delete'>>(path: P, ...args: Args<P, 'delete'>): Promise<void> {
    const i = (args[0] ?? {}) as AnyInit;
    configured();
    try {
      await cancelOnAbort(del({ apiName: API_NAME, path: fillPath(path, i.path), options: options(i) }), i.signal).response;
    } catch (error) {
      throw toApiError(error);
    }
  },
};
