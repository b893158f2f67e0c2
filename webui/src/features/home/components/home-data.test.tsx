import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDataSaver } from '@/lib/data-saver';
import { resetDataUsage } from '@/lib/data-usage';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { page, stubIntersectionObserver, stubMedia } from '@/features/posts/testing/player-stubs';
import { HomePage } from './home-page';

afterEach(() => {
  resetDataUsage();
  vi.unstubAllGlobals();
});

describe('home top bar: data used', () => {
  it('shows the data this session used, growing with each response, linking to the setting and marked with data saver', async () => {
    let report: (size: number) => void = () => {};
    class FakeObserver {
      private readonly callback: (list: { getEntries: () => object[] }) => void;
    constructor(callback: (list: { getEntries: () => object[] }) => void) {
      this.callback = callback;
    }
      observe({ type }: { type: string }) {
        const callback = this.callback;
        if (type === 'navigation') callback({ getEntries: () => [{ entryType: 'navigation', transferSize: 4_000 }] });
        if (type === 'resource') report = (transferSize) => callback({ getEntries: () => [{ entryType: 'resource', transferSize }] });
      }
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    stubIntersectionObserver();
    stubMedia();
    mockApi({ 'GET /user/profile': { status: 200, body: sampleProfile }, 'GET /feed': { status: 200, body: { posts: [], pagination: page({ total: 0 }) } } });
    renderRoutes([{ path: '/home', element: <HomePage /> }], '/home');
    const figure = screen.getByRole('link', { name: 'Data used this session: 4 KB' });
    expect(figure).toHaveAttribute('href', '/settings');
    expect(figure).toHaveTextContent('4 KB');
    act(() => report(300_000));
    expect(figure).toHaveTextContent('304 KB');
    act(() => setDataSaver(true));
    expect(screen.getByRole('link', { name: 'Data used this session: 304 KB, data saver on' })).toBe(figure);
  });
});
