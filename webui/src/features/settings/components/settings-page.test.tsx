import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_SAVER_KEY } from '@/lib/data-saver';
import { resetDataUsage } from '@/lib/data-usage';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { SettingsPage } from './settings-page';

const routes = [{ path: '/settings', element: <SettingsPage /> }];

function stubConnection(connection: object | undefined) {
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { connection }));
}

/** A buffered PerformanceObserver that has seen the page and one script. */
function stubTransfers(sizes: number[]) {
  class FakeObserver {
    private readonly callback: (list: { getEntries: () => object[] }) => void;
    constructor(callback: (list: { getEntries: () => object[] }) => void) {
      this.callback = callback;
    }
    observe({ type }: { type: string }) {
      if (type === 'resource') this.callback({ getEntries: () => sizes.map((transferSize) => ({ entryType: 'resource', transferSize })) });
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
}

afterEach(() => {
  resetDataUsage();
  vi.unstubAllGlobals();
});

describe('settings: data saver', () => {
  it('starts on over a 2G connection, and the choice to turn it off is kept', async () => {
    stubConnection({ effectiveType: '2g', saveData: false });
    mockApi({});
    const user = userEvent.setup();
    renderRoutes(routes, '/settings');
    const toggle = screen.getByRole('switch', { name: /Data saver/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('off');
  });

  it('starts off on a fast connection and turns on with a tap', async () => {
    stubConnection({ effectiveType: '4g' });
    mockApi({});
    const user = userEvent.setup();
    renderRoutes(routes, '/settings');
    const toggle = screen.getByRole('switch', { name: /Data saver/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('on');
  });

  it('shows the data this session used', () => {
    stubTransfers([640_000, 560_000]);
    mockApi({});
    renderRoutes(routes, '/settings');
    expect(screen.getByTestId('data-used')).toHaveTextContent('1.2 MB');
  });
});
