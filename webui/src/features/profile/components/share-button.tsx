import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

/** Spec §9: "Copied!" shows for 2 seconds. */
const COPIED_MS = 2000;

/** Shares a profile link through the system sheet, or copies it where there is none. */
export function ShareButton({ path }: { path: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    try {
      if (navigator.share) return await navigator.share({ title: 'Zuum profile', url });
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // the user closed the share sheet or the clipboard is unavailable: nothing to report
    }
  };

  return (
    <Button variant="secondary" onClick={share}>
      {copied ? 'Copied!' : 'Share'}
    </Button>
  );
}
