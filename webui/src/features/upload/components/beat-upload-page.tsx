import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/text-area';
import { TextField } from '@/components/ui/text-field';
import { BEAT_DEFAULTS, checkBeatAudio, emptyBeatForm, validateBeatForm, type BeatFormErrors, type BeatFormValues } from '../api/beat-form';
import { useTerms } from '@/lib/terms';
import { beatUploadFailure, useUploadBeatPost } from '../api/create-beat-post';
import { checkFile } from '../api/file-rules';
import { AUDIO_REDIRECT_MS } from './upload-form';
import { FileField } from './file-field';
import { UploadProgress } from './upload-progress';
import './upload.css';

type Result = { tone: 'success' | 'error'; text: string; detail?: string };

/** The platform's cut as the seller reads it before posting: "Zuum keeps 10% of each sale." */
export function commissionText(percent: number | undefined): string {
  return percent === undefined ? 'Zuum keeps a commission on each sale.' : `Zuum keeps ${percent}% of each sale as its commission.`;
}

/**
 * /addbeat and /addpaybeat: put a beat up for sale (spec part 2 §2, §3, §5): title, description,
 * total supply (100, at least 1), price in naira (the terms' default price until the seller types
 * one; at least 0.01, step 0.01), cover and MP3 or WAV audio, with the spec's texts; the platform's
 * commission and the default price from GET /terms; upload progress
 * as the audio form shows it, and /home 1.5 s after success.
 */
export function BeatUploadPage() {
  const navigate = useNavigate();
  const upload = useUploadBeatPost();
  const terms = useTerms();
  const [edited, setValues] = useState<BeatFormValues>(emptyBeatForm);
  const [priceTyped, setPriceTyped] = useState(false);
  // The price field holds the terms' default price until the seller types one.
  const values = priceTyped || !terms.data ? edited : { ...edited, amount: String(terms.data.beat.default_price) };
  const [audio, setAudio] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<BeatFormErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [formKey, setFormKey] = useState(0);

  const succeeded = result?.tone === 'success';
  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => navigate('/home'), AUDIO_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate]);

  const set = (field: keyof BeatFormValues, value: string) => {
    if (field === 'amount') setPriceTyped(true);
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const pick = (field: 'audio_upload' | 'cover_photo') => (file: File | null) => {
    const check = file ? (field === 'audio_upload' ? checkBeatAudio(file) : checkFile('image', file)) : null;
    const keep = check?.ok ? file : null;
    (field === 'audio_upload' ? setAudio : setCover)(keep);
    setErrors(({ [field]: _cleared, ...rest }) => (check && !check.ok ? { ...rest, [field]: check.error } : rest));
    return keep !== null;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending || succeeded) return;
    const checked = validateBeatForm(values, { cover, audio });
    const fileErrors = Object.fromEntries(Object.entries({ audio_upload: errors.audio_upload, cover_photo: errors.cover_photo }).filter(([, v]) => v));
    if (!checked.ok || Object.keys(fileErrors).length > 0 || !audio || !cover) {
      setErrors({ ...(checked.ok ? {} : checked.errors), ...fileErrors });
      setResult(!checked.ok && checked.alert ? { tone: 'error', text: checked.alert } : null);
      return;
    }
    setErrors({});
    setResult(null);
    setProgress(0);
    upload.mutate(
      { beat: checked.beat, audio, cover, onProgress: setProgress },
      {
        onSuccess: () => {
          setResult({ tone: 'success', text: 'Beat uploaded successfully!' });
          setValues(emptyBeatForm);
          setPriceTyped(false);
          setAudio(null);
          setCover(null);
          setFormKey((k) => k + 1);
          setProgress(null);
        },
        onError: (error) => {
          const failure = beatUploadFailure(error);
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
      <h1>Upload Beat for Sale</h1>
      <form className="upload-form" onSubmit={onSubmit} noValidate key={formKey}>
        <TextField label="Title" value={values.caption} error={errors.caption} disabled={busy} onChange={(e) => set('caption', e.target.value)} />
        <TextArea
          label="Description"
          value={values.description}
          error={errors.description}
          disabled={busy}
          rows={3}
          maxLength={2000}
          onChange={(e) => set('description', e.target.value)}
        />
        <TextField
          label="Total Supply"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder={BEAT_DEFAULTS.total_supply}
          value={values.total_supply}
          error={errors.total_supply}
          disabled={busy}
          onChange={(e) => set('total_supply', e.target.value)}
        />
        <TextField
          label="Price (₦)"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          value={values.amount}
          error={errors.amount}
          disabled={busy}
          onChange={(e) => set('amount', e.target.value)}
        />
        <p className="muted upload-commission" data-testid="commission">
          {commissionText(terms.data?.beat.commission_percent)}
        </p>
        <FileField
          label="Cover Photo"
          kind="image"
          file={cover}
          error={errors.cover_photo}
          hint="JPEG or PNG, less than 5MB."
          disabled={busy}
          onPick={pick('cover_photo')}
        />
        <FileField
          label="Audio File"
          kind="audio"
          file={audio}
          error={errors.audio_upload}
          hint="MP3 or WAV, less than 50MB. Listeners hear a 10 second preview until they buy."
          disabled={busy}
          onPick={pick('audio_upload')}
        />
        {progress !== null && <UploadProgress percent={progress} />}
        {result && (
          <Alert tone={result.tone}>
            {result.text}
            {result.detail && <span className="alert-detail">{result.detail}</span>}
          </Alert>
        )}
        <Button type="submit" block disabled={busy || succeeded}>
          {busy ? 'Uploading...' : 'Upload Beat'}
        </Button>
      </form>
    </section>
  );
}
