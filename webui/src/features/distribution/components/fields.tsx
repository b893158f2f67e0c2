import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { ACCEPT, checkReleaseFile, coverPixelsError, uploadErrorText, uploadReleaseFile, type ReleaseFileKind } from '../api/release-upload';

/** A checkbox with its label and its own error line. */
export function Checkbox({ label, checked, error, disabled, onChange }: { label: ReactNode; checked: boolean; error?: string; disabled?: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="field dist-check">
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled select of `options` (value, text). */
export function Select<T extends string | number>({
  label,
  value,
  options,
  error,
  disabled,
  placeholder,
  onChange,
}: {
  label: string;
  value: T | '';
  options: ReadonlyArray<readonly [T, string]>;
  error?: string;
  disabled?: boolean;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={String(value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map(([v, text]) => (
          <option key={String(v)} value={String(v)}>
            {text}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A group of radio buttons under a legend, with the group's error. */
export function RadioGroup<T extends string>({
  legend,
  value,
  options,
  error,
  disabled,
  onChange,
}: {
  legend: string;
  value: T | '';
  options: ReadonlyArray<readonly [T, ReactNode]>;
  error?: string;
  disabled?: boolean;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="dist-radios" aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {options.map(([v, text]) => (
        <label key={v}>
          <input type="radio" name={name} value={v} checked={value === v} disabled={disabled} onChange={() => onChange(v)} />
          <span>{text}</span>
        </label>
      ))}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

type FileFieldProps = {
  label: string;
  kind: ReleaseFileKind;
  /** The upload (or the release's own) key the form holds; "" when none. */
  value: string;
  /** A playable or viewable URL of the stored file, when the server gave one. */
  previewUrl?: string;
  error?: string;
  disabled?: boolean;
  onBusy: (busy: boolean) => void;
  onUploaded: (key: string) => void;
  onError: (message: string) => void;
};

/**
 * A release file: checked at once (type, size, and a cover's pixels), then uploaded with its own
 * progress bar; the form keeps the upload key. A file already saved in the draft shows as such.
 */
export function ReleaseFileField({ label, kind, value, previewUrl, error, disabled, onBusy, onUploaded, onError }: FileFieldProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const uploading = percent !== null;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    const check = checkReleaseFile(kind, file);
    const refusal = !check.ok ? check.error : kind === 'cover_art' ? await coverPixelsError(file) : null;
    if (refusal || !check.ok) {
      input.value = '';
      onError(refusal ?? '');
      return;
    }
    setName(file.name);
    setPercent(0);
    onBusy(true);
    try {
      onUploaded(await uploadReleaseFile(kind, file, check.contentType, setPercent));
    } catch (failure) {
      input.value = '';
      setName('');
      onError(uploadErrorText(failure));
    } finally {
      setPercent(null);
      onBusy(false);
    }
  };

  const hint = kind === 'cover_art' ? 'JPG or PNG, at least 3000x3000, under 5MB.' : 'MP3, WAV or FLAC, under 20MB.';
  return (
    <div className="field file-field dist-file">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={ACCEPT[kind]}
        disabled={disabled || uploading}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={onChange}
      />
      <p id={`${id}-hint`} className="muted dist-hint">
        {hint}
      </p>
      {uploading && (
        <div className="upload-progress">
          <div className="upload-progress-label">
            <span id={`${id}-progress`}>Uploading {name}</span>
            <span aria-live="polite">{percent}%</span>
          </div>
          <progress aria-labelledby={`${id}-progress`} max={100} value={percent} />
        </div>
      )}
      {!uploading && value && !error && (
        <p className="dist-uploaded" data-testid="uploaded">
          {name ? `Uploaded: ${name}` : 'Uploaded'}
          {previewUrl && kind === 'cover_art' && <img src={previewUrl} alt={`${label} preview`} className="dist-cover-preview" />}
          {previewUrl && kind === 'release_audio' && <audio src={previewUrl} controls preload="none" aria-label={`${label} preview`} />}
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
