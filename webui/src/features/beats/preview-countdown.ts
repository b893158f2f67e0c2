import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Spec part 2 §9: a locked track plays a 10 second preview. */
export const PREVIEW_SECONDS = 10;

export type PreviewCountdown = {
  playing: boolean;
  /** Seconds of preview left: PREVIEW_SECONDS until it plays, then counting down. */
  secondsLeft: number;
  start: () => void;
  /** Stops, rewinds to 0 and puts the count back to 10. */
  reset: () => void;
  /** Wire to the element's onEnded: a track shorter than the preview resets the count. */
  onEnded: () => void;
};

/**
 * Spec part 2 §4 preview card: the preview plays at most 10 s; a countdown from 10 stops and
 * resets playback at 0, and when the track ends the countdown resets. The server only ever hands
 * out the 10 s cut of a locked beat, so this is the screen's clock, not what protects the beat.
 */
export function usePreviewCountdown(ref: RefObject<HTMLMediaElement | null>): PreviewCountdown {
  const [playing, setPlaying] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(PREVIEW_SECONDS);
  const left = useRef(PREVIEW_SECONDS);
  const attempt = useRef(0);

  const reset = useCallback(() => {
    attempt.current += 1;
    const el = ref.current;
    if (el) {
      el.pause();
      el.currentTime = 0;
    }
    left.current = PREVIEW_SECONDS;
    setSecondsLeft(PREVIEW_SECONDS);
    setPlaying(false);
  }, [ref]);

  const start = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const mine = ++attempt.current;
    el.currentTime = 0;
    left.current = PREVIEW_SECONDS;
    setSecondsLeft(PREVIEW_SECONDS);
    Promise.resolve()
      .then(() => el.play())
      .then(
        () => mine === attempt.current && setPlaying(true),
        () => mine === attempt.current && setPlaying(false),
      );
  }, [ref]);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      left.current -= 1;
      if (left.current <= 0) reset();
      else setSecondsLeft(left.current);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [playing, reset]);

  // Leaving the screen stops the preview.
  useEffect(() => () => ref.current?.pause(), [ref]);

  return { playing, secondsLeft, start, reset, onEnded: reset };
}
