import { useLayoutEffect } from 'react';

/**
 * Lets `el` fill the viewport below where it starts and above the bottom navigation: writes its
 * document offset to `--fill-offset`, which the CSS subtracts from 100dvh. The shell may show a
 * banner above the page, so the offset is measured rather than assumed; it is measured again
 * when the window resizes.
 */
export function useFillHeight(el: HTMLElement | null): void {
  useLayoutEffect(() => {
    if (!el) return;
    const measure = () => el.style.setProperty('--fill-offset', `${Math.round(el.getBoundingClientRect().top + window.scrollY)}px`);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [el]);
}
