import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import {
  PLATFORM_LINKS,
  audioUploadFailure,
  emptyAudioForm,
  useUploadAudioPost,
  validateAudioForm,
  type AudioFormErrors,
  type AudioFormValues,
} from '../api/create-audio-post';
import { checkFile } from '../api/file-rules';
import { FileField } from './file-field';
import { UploadProgress } from './upload-progress';
import './upload.css';

/** Spec part 2 §9: go to /home 1.5 s after a successful audio or beat upload. */
export const AUDIO_REDIRECT_MS = 1500;

type Result = { tone: 'success' | 'error'; text: string; detail?: string };

/** /addmusic: the audio (music or beat) upload form of spec part 2 §2 (its path is not shown there). */
export function AudioUploadPage() {
  const navigate = useNavigate();
  const upload = useUploadAudioPost();
  const [values, setValues] = useState<AudioFormValues>(emptyAudioForm);
  const [audio, setAudio] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<AudioFormErrors>({});
  const [linkWarning, setLinkWarning] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  // Clearing a file input means rendering a new one.
  const [formKey, setFormKey] = useState(0);

  const succeeded = result?.tone === 'success';
  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => navigate(paths.home), AUDIO_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate]);

  const clearError = (field: keyof AudioFormErrors) => setErrors(({ [field]: _cleared, ...rest }) => rest);

  const set = <K extends keyof AudioFormValues>(field: K, value: AudioFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field !== 'type') clearError(field as keyof AudioFormErrors);
    if (PLATFORM_LINKS.some((l) => l.field === field)) setLinkWarning(null);
  };

  const pick = (field: 'audio_upload' | 'cover_photo') => (file: File | null) => {
    const check = file ? checkFile(field === 'audio_upload' ? 'audio' : 'image', file) : null;
    const keep = check?.ok ? file : null;
    (field === 'audio_upload' ? setAudio : setCover)(keep);
    setErrors(({ [field]: _cleared, ...rest }) => (check && !check.ok ? { ...rest, [field]: check.error } : rest));
    return keep !== null;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending || succeeded) return;
    const checked = validateAudioForm(values, audio);
    // A refused file keeps its reason until another file is picked.
    const fileErrors = { audio_upload: errors.audio_upload, cover_photo: errors.cover_photo };
    const merged = { ...checked.errors, ...Object.fromEntries(Object.entries(fileErrors).filter(([, v]) => v)) };
    setErrors(merged);
    setLinkWarning(checked.linkWarning);
    // The missing-link warning stays a warning: a new artist may not stream anywhere yet.
    if (Object.keys(merged).length > 0 || !audio) return;
    setResult(null);
    setProgress(0);
    upload.mutate(
      { values, audio, cover, onProgress: setProgress },
      {
        onSuccess: () => {
          const word = values.type === 'beat' ? 'Beat' : 'Audio';
          setResult({ tone: 'success', text: `${word} uploaded successfully!` });
          setValues(emptyAudioForm);
          setAudio(null);
          setCover(null);
          setFormKey((k) => k + 1);
          setProgress(null);
          setLinkWarning(null);
        },
        onError: (error) => {
          const failure = audioUploadFailure(error, values.type);
          setErrors((e) => ({ ...e, ...failure.fields }));
          setResult({ tone: 'error', text: failure.text, detail: failure.detail });
          setProgress(null);
        },
      },
    );
  };

  const busy = upload.isPending;
  return (
    <section className="upload-page">
      <h1>Upload Music/Beat</h1>
      <form className="upload-form" onSubmit={onSubmit} noValidate key={formKey}>
        <TextField
          label="Caption"
          value={values.caption}
          error={errors.caption}
          disabled={busy}
          onChange={(e) => set('caption', e.target.value)}
        />
        <fieldset disabled={busy}>
          <legend>Type</legend>
          <div className="choice-row">
            {(['music', 'beat'] as const).map((t) => (
              <label key={t}>
                <input type="radio" name="audio-type" value={t} checked={values.type === t} onChange={() => set('type', t)} />
                {t === 'music' ? 'Music' : 'Beat'}
              </label>
            ))}
          </div>
        </fieldset>
        <FileField
          label="Cover Photo"
          kind="image"
          file={cover}
          error={errors.cover_photo}
          hint="Optional. JPEG or PNG, less than 5MB."
          disabled={busy}
          onPick={pick('cover_photo')}
        />
        <FileField
          label="Audio File"
          kind="audio"
          file={audio}
          error={errors.audio_upload}
          hint="MP3, WAV, FLAC or AAC, less than 50MB."
          disabled={busy}
          onPick={pick('audio_upload')}
        />
        <fieldset disabled={busy}>
          <legend>Streaming links</legend>
          {PLATFORM_LINKS.map(({ field, label }) => (
            <TextField
              key={field}
              label={label}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={values[field]}
              error={errors[field]}
              onChange={(e) => set(field, e.target.value)}
            />
          ))}
        </fieldset>
        {linkWarning && (
          <p className="upload-warning" role="alert">
            {linkWarning}
          </p>
        )}
        {progress !== null && <UploadProgress percent={progress} />}
        {result && (
          <Alert tone={result.tone}>
            {result.text}
            {result.detail && <span className="alert-detail">{result.detail}</span>}
          </Alert>
        )}
        <Button type="submit" block disabled={busy || succeeded}>
          {busy ? 'Uploading...' : 'Upload'}
        </Button>
      </form>
    </section>
  );
}
