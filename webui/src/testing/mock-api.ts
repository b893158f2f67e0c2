import { vi } from 'vitest';
import { TEST_API_URL } from './constants';

/** A recorded call that reached the network boundary. */
export type RecordedCall = { method: string; path: string; init: RequestInit };

type Reply = { status: number; body?: unknown } | 'network-error' | 'pending';
type Handler = Reply | ((call: RecordedCall) => Reply);

/**
 * Replaces global fetch (the only thing mocked) with a table of "METHOD /path" → reply.
 * Unknown routes answer 404 like the API does; 'pending' never answers (until the request's
 * signal aborts). Returns the calls made, in order.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const path = url.href.startsWith(TEST_API_URL) ? url.href.slice(TEST_API_URL.length) : url.pathname;
    const method = (init.method ?? 'GET').toUpperCase();
    const call = { method, path: path.split('?')[0], init };
    calls.push(call);
    const handler = routes[`${method} ${call.path}`] ?? { status: 404, body: { message: 'Not found' } };
    const reply = typeof handler === 'function' ? handler(call) : handler;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    // Never answers, but gives up when the request is aborted, as fetch does.
    if (reply === 'pending') {
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')), { once: true }),
      );
    }
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Headers of a recorded call as a plain lower-cased object. */
export function headersOf(call: RecordedCall): Record<string, string> {
  return Object.fromEntries(new Headers(call.init.headers).entries());
}
