import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * jsdom has neither IntersectionObserver nor media playback. These stubs stand in for them in
 * tests only: play()/pause() are spies that resolve, and observers are driven by hand.
 */
export function stubMedia(options: { refusePlay?: boolean } = {}) {
  const play = vi
    .spyOn(HTMLMediaElement.prototype, 'play')
    .mockImplementation(() => (options.refusePlay ? Promise.reject(new DOMException('blocked', 'NotAllowedError')) : Promise.resolve()));
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  return { play, pause };
}

/** The element a play()/pause() spy was called on, call by call. */
export function targetsOf(spy: { mock: { contexts: unknown[] } }): HTMLMediaElement[] {
  return spy.mock.contexts as HTMLMediaElement[];
}

type Observed = { callback: IntersectionObserverCallback; options: IntersectionObserverInit; targets: Set<Element>; observer: IntersectionObserver };

/** A hand-driven IntersectionObserver: `show(el, ratio)` reports el as that fraction visible. */
export function stubIntersectionObserver() {
  const observers = new Set<Observed>();
  class FakeObserver {
    readonly root: Element | Document | null;
    readonly rootMargin = '0px';
    readonly thresholds: number[];
    private readonly record: Observed;
    constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
      this.root = options.root ?? null;
      this.thresholds = ([] as number[]).concat(options.threshold ?? 0);
      this.record = { callback, options, targets: new Set(), observer: this as unknown as IntersectionObserver };
      observers.add(this.record);
    }
    observe(el: Element) {
      this.record.targets.add(el);
    }
    unobserve(el: Element) {
      this.record.targets.delete(el);
    }
    disconnect() {
      this.record.targets.clear();
      observers.delete(this.record);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);

  function show(el: Element, ratio: number) {
    act(() => {
      for (const o of [...observers]) {
        if (!o.targets.has(el)) continue;
        const entry = { target: el, intersectionRatio: ratio, isIntersecting: ratio > 0 } as IntersectionObserverEntry;
        o.callback([entry], o.observer);
      }
    });
  }
  return { show, observers };
}

/** The posts' fixtures live with the shared test helpers (every feature's tests answer with posts). */
export { audioPost, beatPost, comment, page, videoPost } from '@/testing/posts';
