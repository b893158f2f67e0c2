import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { TEST_API_URL } from './constants';

/** Every test talks to Amplify REST configured the way main.tsx does it. */
beforeAll(() => {
  configureApiClient({ apiUrl: TEST_API_URL, region: 'us-east-1' });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
