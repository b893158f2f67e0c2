import { setupServer } from 'msw/node';

/** The one MSW server of the tests (started in setup-tests.ts); mockApi adds its routes to it. */
export const mswServer = setupServer();

let intercepted: typeof fetch | null = null;

/** Starts intercepting and keeps the intercepted fetch, which mockApi's spy calls through. */
export function listen(): void {
  mswServer.listen({ onUnhandledRequest: 'bypass' });
  intercepted = globalThis.fetch;
}

/** fetch as MSW intercepts it. */
export function networkFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (!intercepted) throw new Error('The MSW server is not listening (src/testing/setup-tests.ts starts it).');
  return intercepted(input, init);
}
