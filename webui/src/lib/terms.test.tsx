import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { TEST_TERMS, termsRoute } from '@/testing/terms';
import { useTerms } from './terms';

describe('useTerms', () => {
  it('reads every figure from GET /terms, without a session', async () => {
    const { calls } = mockApi(termsRoute());
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useTerms(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(TEST_TERMS));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /terms']);
  });
});
