import { useEffect, useState } from 'react';
import { Form, FormTextArea, FormTextField, useSchemaForm } from '@/components/form/form';
import { useTerms } from '@/lib/terms';
import { BEAT_DEFAULTS, beatFormSchema, beatTitleAlert, checkBeatAudio, checkedBeat, emptyBeatUpload, type BeatForm } from '../api/beat-form';
import { beatUploadFailure, useUploadBeatPost } from '../api/create-beat-post';
import { CoverPhotoField, FormFileField, UploadFooter, markFields, useHomeAfterSuccess, type UploadResult } from './upload-form';
import './upload.css';

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
  const upload = useUploadBeatPost();
  const terms = useTerms();
  const form = useSchemaForm(beatFormSchema, emptyBeatUpload);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<UploadResult | null>(null);
  // Clearing a file input means rendering a new one.
  const [formKey, setFormKey] = useState(0);

  const succeeded = result?.tone === 'success';
  useHomeAfterSuccess(succeeded);

  // The price field holds the terms' default price until the seller types one.
  const defaultPrice = terms.data ? String(terms.data.beat.default_price) : '';
  useEffect(() => {
    if (defaultPrice && !form.getFieldState('amount').isDirty) form.setValue('amount', defaultPrice);
  }, [defaultPrice, formKey, form]);

  const onInvalid = () => {
    const alert = beatTitleAlert(form.getValues());
    setResult(alert ? { tone: 'error', text: alert } : null);
  };

  const onSubmit = (values: BeatForm) => {
    if (upload.isPending || succeeded || !values.audio_upload || !values.cover_photo) return;
    setResult(null);
    setProgress(0);
    upload.mutate(
      { beat: checkedBeat(values), audio: values.audio_upload, cover: values.cover_photo, onProgress: setProgress },
      {
        onSuccess: () => {
          setResult({ tone: 'success', text: 'Beat uploaded successfully!' });
          form.reset(emptyBeatUpload);
          setFormKey((k) => k + 1);
          setProgress(null);
        },
        onError: (error) => {
          const failure = beatUploadFailure(error);
          markFields(form, failure.fields);
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
      <Form form={form} onSubmit={onSubmit} onInvalid={onInvalid} className="upload-form" key={formKey}>
        <FormTextField name="caption" label="Title" disabled={busy} />
        <FormTextArea name="description" label="Description" disabled={busy} rows={3} maxLength={2000} />
        <FormTextField
          name="total_supply"
          label="Total Supply"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder={BEAT_DEFAULTS.total_supply}
          disabled={busy}
        />
        <FormTextField name="amount" label="Price (₦)" type="number" inputMode="decimal" min={0.01} step={0.01} disabled={busy} />
        <p className="muted upload-commission" data-testid="commission">
          {commissionText(terms.data?.beat.commission_percent)}
        </p>
        <CoverPhotoField hint="JPEG or PNG, less than 5MB." disabled={busy} />
        <FormFileField
          name="audio_upload"
          label="Audio File"
          kind="audio"
          check={checkBeatAudio}
          hint="MP3 or WAV, less than 50MB. Listeners hear a 10 second preview until they buy."
          disabled={busy}
        />
        <UploadFooter progress={progress} result={result} busy={busy} done={succeeded} label="Upload Beat" />
      </Form>
    </section>
  );
}
