import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: a slide plays when at least 60% of it is visible; the next page loads at 50%. */
export const ACTIVE_RATIO = 0.6;
export const LOAD_MORE_RATIO = 0.5;

/**
 * Watches the feed's slides inside the element given to `rootRef`. Each slide's wrapper gets
 * `slotRef` and a `data-slide-key`; `activeKey` is the key of the most visible slide at or over
 * 60%, or null while none is; `currentKey` is the active slide's key, kept while the list sits
 * between two slides, null before any was active. `onReachEnd` runs when the last slide is half visible.
 * `lastKey` names the current last slide so the load trigger follows the list as it grows.
 */
export function useFeedObserver(lastKey: string | null, onReachEnd: () => void) {
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [currentKey, setCurrentKey] = useState<string | null>(null);
  const slots = useRef(new Set<HTMLElement>());
  const ratios = useRef(new Map<Element, number>());
  const activeObserver = useRef<IntersectionObserver | null>(null);
  const reachEnd = useRef(onReachEnd);

  useEffect(() => {
    reachEnd.current = onReachEnd;
  }, [onReachEnd]);

  useEffect(() => {
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          ratios.current.set(entry.target, entry.isIntersecting ? entry.intersectionRatio : 0);
        }
        let best: string | null = null;
        let bestRatio = 0;
        for (const el of slots.current) {
          const ratio = ratios.current.get(el) ?? 0;
          if (ratio >= ACTIVE_RATIO && ratio > bestRatio) {
            best = el.dataset.slideKey ?? null;
            bestRatio = ratio;
          }
        }
        setActiveKey(best);
        if (best !== null) setCurrentKey(best);
      },
      { root, threshold: [0, ACTIVE_RATIO, 1] },
    );
    activeObserver.current = observer;
    for (const el of slots.current) observer.observe(el);
    return () => {
      observer.disconnect();
      activeObserver.current = null;
    };
  }, [root]);

  useEffect(() => {
    if (!root || lastKey === null) return;
    const last = [...slots.current].find((el) => el.dataset.slideKey === lastKey);
    if (!last) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= LOAD_MORE_RATIO)) reachEnd.current();
      },
      { root, threshold: LOAD_MORE_RATIO },
    );
    observer.observe(last);
    return () => observer.disconnect();
  }, [root, lastKey]);

  /** Stable ref callback for every slide wrapper. */
  const slotRef = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    slots.current.add(el);
    activeObserver.current?.observe(el);
    return () => {
      slots.current.delete(el);
      ratios.current.delete(el);
      activeObserver.current?.unobserve(el);
    };
  }, []);

  return { root, rootRef: setRoot, activeKey, currentKey, slotRef };
}
