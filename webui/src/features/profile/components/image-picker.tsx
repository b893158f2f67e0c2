import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { mediaUrl } from '@/lib/media-url';

type ImagePickerProps = {
  label: string;
  current?: string;
  error?: string;
  shape: 'round' | 'wide';
  /** Receives the chosen file; returns whether it was accepted (and so should be previewed). */
  onPick: (file: File | null) => boolean;
};

/** File input for a JPEG/PNG with a preview of the chosen (or current) picture. */
export function ImagePicker({ label, current, error, shape, onPick }: ImagePickerProps) {
  const id = useId();
  const previewRef = useRef('');
  const [preview, setPreview] = useState('');

  // Object URLs hold the file in memory until revoked.
  useEffect(() => () => revoke(previewRef.current), []);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const accepted = onPick(file);
    revoke(previewRef.current);
    previewRef.current = accepted && file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
    setPreview(previewRef.current);
  };

  const shown = preview || mediaUrl(current);
  return (
    <div className="field image-picker">
      <label htmlFor={id}>{label}</label>
      <div className={`image-preview image-preview-${shape}`}>
        {shown ? <img src={shown} alt="" /> : <span className="muted">No image</span>}
      </div>
      <input id={id} type="file" accept="image/jpeg,image/png" aria-invalid={error ? true : undefined} onChange={onChange} />
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

function revoke(url: string) {
  if (url) URL.revokeObjectURL(url);
}
