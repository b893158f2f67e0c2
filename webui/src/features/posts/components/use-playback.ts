import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Spec §9: the play/pause icon shows for 800 ms after a tap. */
export const TAP_ICON_MS = 800;

export type Playback = {
  playing: boolean;
  /** Seconds played and the track length (the element's, else the post's). */
  currentTime: number;
  duration: number;
  /** The icon a tap flashed: what the player is doing now. */
  flash: 'play' | 'pause' | null;
  toggle: () => void;
  /** Wire to the media element's onTimeUpdate / onLoadedMetadata. */
  onTimeUpdate: () => void;
};

/**
 * Plays the element while `active` and pauses it, back at 0, when not (spec §4: only the active
 * slide plays). With `autoplay` false (data saver) the active slide waits for a tap instead. A
 * tap toggles play/pause and flashes the icon. A refused play() (autoplay policy) leaves the
 * player paused, waiting for a tap.
 */
export function usePlayback(ref: RefObject<HTMLMediaElement | null>, active: boolean, knownDuration = 0, autoplay = true): Playback {
  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(knownDuration);
  const [flash, setFlash] = useState<'play' | 'pause' | null>(null);
  const attempt = useRef(0);
  // Read when the slide becomes active; turning data saver on or off does not restart the track.
  const autoplayRef = useRef(autoplay);
  useEffect(() => {
    autoplayRef.current = autoplay;
  }, [autoplay]);

  const start = useCallback((el: HTMLMediaElement) => {
    const mine = ++attempt.current;
    Promise.resolve()
      .then(() => el.play())
      .then(
        () => mine === attempt.current && setPlaying(true),
        () => mine === attempt.current && setPlaying(false),
      );
  }, []);

  const stop = useCallback((el: HTMLMediaElement) => {
    attempt.current += 1;
    el.pause();
    setPlaying(false);
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.currentTime = 0;
    setCurrentTime(0);
    if (active && autoplayRef.current) start(el);
    else stop(el);
  }, [active, ref, start, stop]);

  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(null), TAP_ICON_MS);
    return () => window.clearTimeout(timer);
  }, [flash]);

  const toggle = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    if (playing) {
      stop(el);
      setFlash('pause');
    } else {
      start(el);
      setFlash('play');
    }
  }, [playing, ref, start, stop]);

  const onTimeUpdate = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setCurrentTime(el.currentTime || 0);
    if (Number.isFinite(el.duration) && el.duration > 0) setDuration(el.duration);
  }, [ref]);

  return { playing, currentTime, duration, flash, toggle, onTimeUpdate };
}
