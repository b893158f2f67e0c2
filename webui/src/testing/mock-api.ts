import { http, HttpResponse } from 'msw';
import { type Mock, vi } from 'vitest';
import type { ApiPaths } from '@/types/api';
import { TEST_API_URL } from './constants';
import { mswServer, networkFetch } from './msw-server';

/** A recorded call that reached the network boundary: what the app handed to fetch, and its full URL. */
export type RecordedCall = { method: string; path: string; url: string; init: RequestInit };

// ---- the routes, typed by the API document -------------------------------------------------

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

type Split<S extends string> = S extends `${infer Head}/${infer Tail}` ? [Head, ...Split<Tail>] : [S];

/** Whether the segments of a concrete path match a documented one's ({id} takes one non-empty segment). */
type Matches<Given extends string[], Documented extends string[]> = Given extends [infer G extends string, ...infer GRest extends string[]]
  ? Documented extends [infer D extends string, ...infer DRest extends string[]]
    ? (D extends `{${string}}` ? (G extends '' ? false : true) : G extends D ? true : false) extends true
      ? Matches<GRest, DRest>
      : false
    : false
  : Documented extends []
    ? true
    : false;

/** The documented paths (relative to the API base) that `path` names, a path without placeholders first. */
type DocumentedPath<Path extends string> = {
  [P in keyof ApiPaths & string]: Matches<Split<Path>, Split<P>> extends true ? P : never;
}[keyof ApiPaths & string] extends infer Found extends string
  ? [Extract<Found, Path>] extends [never]
    ? Found
    : Extract<Found, Path>
  : never;

/** The operation a route key ("GET /wallet", "PUT /distribution/releases/rel-1") names; never if none. */
type OperationOf<Key> = Key extends `${infer M extends Uppercase<Method>} ${infer Path}`
  ? DocumentedPath<Path> extends infer P
    ? P extends keyof ApiPaths
      ? ApiPaths[P] extends Record<Lowercase<M>, infer O>
        ? O
        : never
      : never
    : never
  : never;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206;
/** Statuses a mock may answer with any body: the failures the app must cope with, documented or not. */
type FailureStatus = 400 | 401 | 402 | 403 | 404 | 405 | 406 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 500 | 502 | 503 | 504;

/** A fixture may be `as const`: what the document gives, read-only all the way down. */
type Frozen<T> = T extends object ? { readonly [K in keyof T]: Frozen<T[K]> } : T;
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? Frozen<T> : R extends { content?: never } ? null | undefined : never;

/** A 2xx reply carries exactly the body the document gives for that status. */
type SuccessReply<O> = O extends { responses: infer R }
  ? { [S in keyof R & SuccessStatus]: { status: S; body: JsonOf<R[S]> } }[keyof R & SuccessStatus]
  : never;

/** Any body the document gives the operation, at any status (its documented failures included). */
type AnyDocumentedBody<O> = O extends { responses: infer R } ? { [S in keyof R]: JsonOf<R[S]> }[keyof R] : never;

/** A failure's body as the API writes it, or less (a gateway's bare `{}`). */
type FailureBody = { message?: string; errors?: ReadonlyArray<{ field: string; msg: string }> };

/**
 * What a route of operation O may answer: a 2xx status with exactly its documented body; a failure
 * with any body (the app must cope with a gateway's HTML too); a status only known as a number
 * (a fixture's `status: 200` kept in a variable, a table's statuses) with one of the operation's
 * documented bodies, or a failure's.
 */
export type Reply<O> =
  | SuccessReply<O>
  | { status: FailureStatus; body?: unknown }
  | { status: number & {}; body?: AnyDocumentedBody<O> | FailureBody }
  | 'network-error'
  | 'pending';
export type Handler<O> = Reply<O> | ((call: RecordedCall) => Reply<O>);

/** Media in the bucket (not the API): any answer. */
type BucketKey = `${Uppercase<Method>} /zuum-media/${string}`;
type UntypedReply = { status: number; body?: unknown } | 'network-error' | 'pending';

/** The handler a route key takes: a documented operation's answers; a key the document lacks does not compile. */
export type HandlerFor<Key> = Key extends BucketKey
  ? UntypedReply | ((call: RecordedCall) => UntypedReply)
  : [OperationOf<Key>] extends [never]
    ? { 'not a documented route': Key }
    : Handler<OperationOf<Key>>;

/** What a route key may answer, for typing a reply kept aside. */
export type ReplyTo<Key> = Reply<OperationOf<Key>>;

/** The body a route key answers with `status` (200 unless given), for typing a fixture kept aside. */
export type Answer<Key, S extends SuccessStatus = 200> = OperationOf<Key> extends { responses: infer R }
  ? S extends keyof R
    ? R[S] extends { content: { 'application/json': infer T } }
      ? T
      : never
    : never
  : never;

/** A table of routes, each checked against the document. */
export type Routes<R> = { [K in keyof R]: HandlerFor<K> };

/**
 * An answer the document forbids, on purpose: for the tests of the app's own answer checks (a
 * malformed body must be refused). Anything else must answer what the document says.
 */
export function undocumented(status: number, body: unknown): never {
  return { status, body } as never;
}

// ---- the mock ------------------------------------------------------------------------------

const CALL_HEADER = 'x-mock-call';

/** The spy on fetch mockApi installs. */
export type FetchSpy = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

type AnyReply = { status: number; body?: unknown } | 'network-error' | 'pending';
type AnyHandler = AnyReply | ((call: RecordedCall) => AnyReply);

function pathOf(url: URL): string {
  const path = url.href.startsWith(TEST_API_URL) ? url.href.slice(TEST_API_URL.length) : url.pathname;
  return path.split('?')[0];
}

/**
 * Answers the app's requests through MSW from a table of "METHOD /path" → reply, each typed by the
 * API document (functions/openapi.yaml, through types/openapi.gen.ts): a route the document lacks,
 * or a 2xx body its schema forbids, does not compile. Unknown routes answer 404 like the API does;
 * 'network-error' fails the request as a dropped connection does; 'pending' never answers (until
 * the request's signal aborts). Returns the calls made, in order, with what the app handed to
 * fetch (`init`), and `fetchMock`, a spy on fetch.
 */
export function mockApi<R>(routes: Routes<R>): { calls: RecordedCall[]; fetchMock: FetchSpy } {
  const table = routes as unknown as Record<string, AnyHandler>;
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = (init.method ?? 'GET').toUpperCase();
    const index = calls.push({ method, path: pathOf(url), url: url.href, init }) - 1;
    const headers = new Headers(init.headers);
    headers.set(CALL_HEADER, String(index));
    return networkFetch(input, { ...init, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  mswServer.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const method = request.method.toUpperCase();
      const index = request.headers.get(CALL_HEADER);
      const call = index === null ? { method, path: pathOf(url), url: url.href, init: { method } } : calls[Number(index)];
      const handler = table[`${method} ${call.path}`] ?? { status: 404, body: { message: 'Not found' } };
      const reply = typeof handler === 'function' ? handler(call) : handler;
      if (reply === 'network-error') return HttpResponse.error();
      // Never answers; the request's abort rejects the fetch, as it does over a network.
      if (reply === 'pending') return new Promise<never>(() => {});
      const text = reply.body === undefined ? null : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      return new HttpResponse(reply.status === 204 ? null : text, { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, fetchMock };
}

/** Headers of a recorded call as a plain lower-cased object. */
export function headersOf(call: RecordedCall): Record<string, string> {
  return Object.fromEntries(new Headers(call.init.headers).entries());
}
