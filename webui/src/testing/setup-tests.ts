import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { closeChatSocket } from '@/lib/chat/chat-connection';
import { resetDataUsage } from '@/lib/data-usage';
import { TEST_API_URL } from './constants';
import { installFakeWebSocket } from './fake-web-socket';
import { listen, mswServer } from './msw-server';

/** Every test talks to Amplify REST configured the way main.tsx does it. */
beforeAll(() => {
  listen();
  configureApiClient({ apiUrl: TEST_API_URL, region: 'us-east-1' });
});

/** The signed-in shell opens the chat socket: no test reaches a network for it. */
beforeEach(() => {
  installFakeWebSocket();
});

/**
 * Test files share their worker's modules (vite.config.ts: isolate off), so each test leaves
 * nothing behind: the DOM, the socket, storage, the data counter and the API handlers.
 */
afterEach(() => {
  cleanup();
  closeChatSocket();
  resetDataUsage();
  localStorage.clear();
  mswServer.resetHandlers();
});

afterAll(() => {
  mswServer.close();
});
