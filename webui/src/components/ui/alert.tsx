import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info';

/** Inline message; errors are announced at once (role=alert), others politely. */
export function Alert({ tone = 'error', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
