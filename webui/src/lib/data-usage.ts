import { useSyncExternalStore } from 'react';

/**
 * The bytes this page has fetched over the network since it opened: the transferSize of the
 * navigation and of every resource the browser's Resource Timing reports (a cached response
 * counts 0). Cross-origin responses count only when their server sends Timing-Allow-Origin;
 * without it the browser reports 0 for them.
 */
let total = 0;
let observers: PerformanceObserver[] | null = null;
const seen = new WeakSet<PerformanceEntry>();
const listeners = new Set<() => void>();

function add(entries: PerformanceEntryList) {
  let grew = false;
  for (const entry of entries) {
    if (seen.has(entry)) continue;
    seen.add(entry);
    const size = (entry as PerformanceResourceTiming).transferSize;
    if (typeof size === 'number' && size > 0) {
      total += size;
      grew = true;
    }
  }
  if (grew) for (const listener of listeners) listener();
}

/**
 * Starts counting once: a buffered PerformanceObserver for resources (the entries from before it
 * started come first) and one for the navigation. Browsers without it count nothing.
 */
function start() {
  if (observers || typeof PerformanceObserver === 'undefined') return;
  observers = [];
  for (const type of ['navigation', 'resource']) {
    try {
      const observer = new PerformanceObserver((list) => add(list.getEntries()));
      observer.observe({ type, buffered: true });
      observers.push(observer);
    } catch {
      // A browser without this entry type: the other one still counts.
    }
  }
}

/** Bytes counted so far. */
export function dataUsed(): number {
  start();
  return total;
}

function subscribe(listener: () => void): () => void {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The bytes this session has fetched, following every new response. */
export function useDataUsed(): number {
  return useSyncExternalStore(subscribe, dataUsed, () => 0);
}

/** Forgets the count and the observers (tests start each case from nothing). */
export function resetDataUsage(): void {
  for (const observer of observers ?? []) observer.disconnect();
  observers = null;
  total = 0;
}

const UNITS = ['KB', 'MB', 'GB'];

/** 0 → "0 B", 999 → "999 B", 1234 → "1.2 KB", 1_250_000 → "1.3 MB" (1 KB = 1000 bytes, as phones' data plans count). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1000) return `${Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0))} B`;
  let value = bytes;
  let unit = -1;
  while (value >= 999.5 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const text = value < 10 ? value.toFixed(1) : String(Math.round(value));
  return `${text.replace(/\.0$/, '')} ${UNITS[unit]}`;
}
