import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { PostIcon } from './post-icons';

type SheetProps = {
  title: ReactNode;
  onClose: () => void;
  /** comments: 70vh; share: at most 85vh (spec §9); platforms: fits its content. */
  size: 'comments' | 'share' | 'fit';
  children: ReactNode;
};

/**
 * A bottom sheet: a modal dialog over the player, closed by its Close button, the overlay or
 * Escape. It renders into <body>; its clicks stop here so they never toggle the slide behind.
 */
export function Sheet({ title, onClose, size, children }: SheetProps) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const close = useRef(onClose);

  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  // Focus moves into the sheet when it opens and back to the opener when it closes.
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
    <div className="sheet-layer" onClick={(e) => e.stopPropagation()}>
      <div className="sheet-overlay" data-testid="sheet-overlay" aria-hidden="true" onClick={onClose} />
      <section
        ref={panel}
        className={`sheet sheet-${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="sheet-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <PostIcon name="close" />
          </button>
        </header>
        <div className="sheet-body">{children}</div>
      </section>
    </div>,
    document.body,
  );
}
