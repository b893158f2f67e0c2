import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMedia } from '@/features/posts/testing/player-stubs';
import { LockedPreview } from './locked-preview';

function renderLocked(onUnlock = vi.fn()) {
  render(<LockedPreview title="Lagos Drill" cover="" previewUrl="https://media.example/preview.mp3" onUnlock={onUnlock} />);
  return { audio: document.querySelector('audio') as HTMLAudioElement, onUnlock };
}

/** Lets play()'s promise settle, then moves the clock. */
async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('locked preview', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('counts down from 10 while the preview plays, then stops and rewinds at 0', async () => {
    const { play, pause } = stubMedia();
    const { audio } = renderLocked();
    fireEvent.click(screen.getByRole('button', { name: 'Play 10s Preview' }));
    await tick(0);
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Stop Preview (10s)' })).toBeInTheDocument();
    await tick(3000);
    expect(screen.getByRole('button', { name: 'Stop Preview (7s)' })).toBeInTheDocument();
    audio.currentTime = 9;
    await tick(7000);
    expect(pause).toHaveBeenCalled();
    expect(audio.currentTime).toBe(0);
    expect(screen.getByRole('button', { name: 'Play 10s Preview' })).toBeInTheDocument();
    // Nothing counts on once it stopped.
    await tick(5000);
    expect(screen.getByRole('button', { name: 'Play 10s Preview' })).toBeInTheDocument();
  });

  it('resets the countdown when the track ends before 10 s, and when stopped by hand', async () => {
    stubMedia();
    const { audio } = renderLocked();
    fireEvent.click(screen.getByRole('button', { name: 'Play 10s Preview' }));
    await tick(0);
    await tick(4000);
    expect(screen.getByRole('button', { name: 'Stop Preview (6s)' })).toBeInTheDocument();
    fireEvent.ended(audio);
    expect(screen.getByRole('button', { name: 'Play 10s Preview' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Play 10s Preview' }));
    await tick(0);
    await tick(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Stop Preview (8s)' }));
    expect(screen.getByRole('button', { name: 'Play 10s Preview' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Play 10s Preview' }));
    await tick(0);
    expect(screen.getByRole('button', { name: 'Stop Preview (10s)' })).toBeInTheDocument();
  });

  it('does not count when the browser refuses to play', async () => {
    stubMedia({ refusePlay: true });
    renderLocked();
    fireEvent.click(screen.getByRole('button', { name: 'Play 10s Preview' }));
    await tick(0);
    await tick(3000);
    expect(screen.getByRole('button', { name: 'Play 10s Preview' })).toBeInTheDocument();
  });

  it('opens the card with Unlock', () => {
    stubMedia();
    const { onUnlock } = renderLocked();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(onUnlock).toHaveBeenCalledTimes(1);
  });
});
