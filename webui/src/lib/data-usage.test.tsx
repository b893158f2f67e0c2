import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatBytes, resetDataUsage, useDataUsed } from './data-usage';

type Entry = { entryType: string; name: string; transferSize: number };

/**
 * A PerformanceObserver that holds entries given by hand: a buffered observe() receives those
 * already recorded of its type, later ones arrive through `record`.
 */
function stubPerformanceObserver(recorded: Entry[]) {
  const observers: { type: string; callback: (list: { getEntries: () => Entry[] }) => void }[] = [];
  class FakeObserver {
    private readonly callback: (list: { getEntries: () => Entry[] }) => void;
    constructor(callback: (list: { getEntries: () => Entry[] }) => void) {
      this.callback = callback;
    }
    observe({ type, buffered }: { type: string; buffered?: boolean }) {
      observers.push({ type, callback: this.callback });
      const earlier = recorded.filter((e) => e.entryType === type);
      if (buffered && earlier.length) this.callback({ getEntries: () => earlier });
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    record(entry: Entry) {
      for (const o of observers) if (o.type === entry.entryType) o.callback({ getEntries: () => [entry] });
    },
  };
}

function Used() {
  return <p>Used {formatBytes(useDataUsed())}</p>;
}

beforeEach(() => resetDataUsage());
afterEach(() => {
  resetDataUsage();
  vi.unstubAllGlobals();
});

describe('data used this session', () => {
  it('adds the navigation and every resource (those from before it started too), cached ones as 0', () => {
    const perf = stubPerformanceObserver([
      { entryType: 'navigation', name: 'http://app/home', transferSize: 2_300 },
      { entryType: 'resource', name: 'http://app/assets/index.js', transferSize: 90_000 },
      { entryType: 'resource', name: 'http://app/assets/cached.css', transferSize: 0 },
    ]);
    render(<Used />);
    expect(screen.getByText('Used 92 KB')).toBeInTheDocument();
    act(() => perf.record({ entryType: 'resource', name: 'http://media/a.mp3', transferSize: 1_150_000 }));
    expect(screen.getByText('Used 1.2 MB')).toBeInTheDocument();
  });

  it('counts nothing in a browser without PerformanceObserver', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    render(<Used />);
    expect(screen.getByText('Used 0 B')).toBeInTheDocument();
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1_000, '1 KB'],
    [1_234, '1.2 KB'],
    [92_300, '92 KB'],
    [999_700, '1 MB'],
    [1_250_000, '1.3 MB'],
    [12_400_000, '12 MB'],
    [3_100_000_000, '3.1 GB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
