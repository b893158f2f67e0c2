import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { mockApi } from '@/testing/mock-api';
import { routes } from './router';

function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function scrolledTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
}

afterEach(() => {
  scrolledTo(0);
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('route table', () => {
  it('shows a fallback while a lazy first screen loads, without the router warning about it', async () => {
    const warn = vi.spyOn(console, 'warn');
    mockApi({});
    renderApp('/start');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('Where artist and industry meet')).toBeInTheDocument();
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/HydrateFallback/);
  });

  it('starts a new page at the top and puts the old one back where it was on Back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    mockApi({});
    const router = renderApp('/');
    await screen.findByRole('link', { name: 'Get Started' });
    scrolledTo(640);
    scrollTo.mockClear();

    await act(() => router.navigate('/nowhere'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrolledTo(0);
    await act(() => router.navigate(-1));
    await screen.findByRole('link', { name: 'Get Started' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it('shows the licence check to a visitor who is not signed in (no profile asked, no redirect to /login)', async () => {
    const { calls } = mockApi({ 'GET /licences/ZUUM-0000-0000-0000': { status: 404, body: { message: 'Licence not found' } } });
    const router = renderApp('/licences/ZUUM-0000-0000-0000');
    expect(await screen.findByRole('heading', { name: 'Licence Verification' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Licence not found');
    expect(router.state.location.pathname).toBe('/licences/ZUUM-0000-0000-0000');
    expect(calls.map((c) => c.path)).toEqual(['/licences/ZUUM-0000-0000-0000']);
  });
});
