/** A spinner with a visible label; `fullScreen` covers the viewport (guard loading state). */
export function Spinner({ label, fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <div className={fullScreen ? 'spinner-screen' : 'spinner-inline'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label && <p>{label}</p>}
    </div>
  );
}
