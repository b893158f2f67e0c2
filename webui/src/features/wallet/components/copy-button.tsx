import { useEffect, useState } from 'react';

/** Spec part 2 §9: the deposit screen's copy confirmation shows for 2 s. */
export const COPIED_MS = 2000;

/** Copies `value` to the clipboard and says "Copied!" for 2 s; says so when the browser refuses. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <button type="button" className="btn btn-secondary btn-small" aria-label={label} onClick={copy}>
      <span aria-live="polite">{state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : 'Copy'}</span>
    </button>
  );
}
