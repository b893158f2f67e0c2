import { useId, type ChangeEvent } from 'react';
import { ACCEPT, type UploadKind } from '../api/file-rules';

export type FileFieldProps = {
  label: string;
  kind: UploadKind;
  file: File | null;
  error?: string;
  hint?: string;
  disabled?: boolean;
  /** Receives the picked file (null when the picker was cleared); returns whether it was kept. */
  onPick: (file: File | null) => boolean;
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A labelled file input showing the kept file, or the reason it was refused. */
export function FileField({ label, kind, file, error, hint, disabled, onPick }: FileFieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    // A refused file must not stay in the picker looking chosen.
    if (!onPick(picked)) event.target.value = '';
  };

  return (
    <div className="field file-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={ACCEPT[kind]}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={onChange}
      />
      {hint && <p id={`${id}-hint`} className="file-hint muted">{hint}</p>}
      {file && !error && (
        <p className="file-chosen">
          {file.name} · {formatBytes(file.size)}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
