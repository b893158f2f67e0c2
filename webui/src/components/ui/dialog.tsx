import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

type DialogProps = {
  title: string;
  onClose: () => void;
  /** alertdialog for errors and confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
  actions: ReactNode;
};

/**
 * A centred modal: its title names it, Escape and the overlay close it, focus moves in when it
 * opens and back to the opener when it closes. Clicks stop here, so a dialog opened from a feed
 * slide never toggles the player behind it.
 */
export function Dialog({ title, onClose, role = 'dialog', children, actions }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const close = useRef(onClose);

  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close.current();
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, []);

  return createPortal(
    <div className="dialog-layer" onClick={(e) => e.stopPropagation()}>
      <div className="dialog-overlay" aria-hidden="true" onClick={onClose} />
      <section ref={panel} className="dialog" role={role} aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId}>{title}</h2>
        <div className="dialog-body">{children}</div>
        <div className="dialog-actions">{actions}</div>
      </section>
    </div>,
    document.body,
  );
}
