import { useState } from 'react';
import { Form, FormTextField, useSchemaForm } from '@/components/form/form';
import {
  PLATFORM_LINKS,
  audioFormSchema,
  audioLinkWarning,
  audioUploadFailure,
  emptyAudioUpload,
  useUploadAudioPost,
  type CheckedAudioForm,
} from '../api/create-audio-post';
import { checkFile } from '../api/file-rules';
import { CoverPhotoField, FormFileField, UploadFooter, markFields, useHomeAfterSuccess, type UploadResult } from './upload-form';
import './upload.css';

export { AUDIO_REDIRECT_MS } from './upload-form';

/** /addmusic: the audio (music or beat) upload form of spec part 2 §2 (its path is not shown there). */
export function AudioUploadPage() {
  const upload = useUploadAudioPost();
  const form = useSchemaForm(audioFormSchema, emptyAudioUpload);
  const [linkWarning, setLinkWarning] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<UploadResult | null>(null);
  // Clearing a file input means rendering a new one.
  const [formKey, setFormKey] = useState(0);

  const succeeded = result?.tone === 'success';
  useHomeAfterSuccess(succeeded);

  // The missing-link warning stays a warning: a new artist may not stream anywhere yet.
  const warn = () => setLinkWarning(audioLinkWarning(form.getValues()));

  const onSubmit = (values: CheckedAudioForm) => {
    if (upload.isPending || succeeded || !values.audio_upload) return;
    warn();
    setResult(null);
    setProgress(0);
    upload.mutate(
      { values, audio: values.audio_upload, cover: values.cover_photo, onProgress: setProgress },
      {
        onSuccess: () => {
          const word = values.type === 'beat' ? 'Beat' : 'Audio';
          setResult({ tone: 'success', text: `${word} uploaded successfully!` });
          form.reset(emptyAudioUpload);
          setFormKey((k) => k + 1);
          setProgress(null);
          setLinkWarning(null);
        },
        onError: (error) => {
          const failure = audioUploadFailure(error, values.type);
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
      <h1>Upload Music/Beat</h1>
      <Form form={form} onSubmit={onSubmit} onInvalid={warn} className="upload-form" key={formKey}>
        <FormTextField name="caption" label="Caption" disabled={busy} />
        <fieldset disabled={busy}>
          <legend>Type</legend>
          <div className="choice-row">
            {(['music', 'beat'] as const).map((t) => (
              <label key={t}>
                <input type="radio" value={t} {...form.register('type')} />
                {t === 'music' ? 'Music' : 'Beat'}
              </label>
            ))}
          </div>
        </fieldset>
        <CoverPhotoField hint="Optional. JPEG or PNG, less than 5MB." disabled={busy} />
        <FormFileField
          name="audio_upload"
          label="Audio File"
          kind="audio"
          check={(file) => checkFile('audio', file)}
          hint="MP3, WAV, FLAC or AAC, less than 50MB."
          disabled={busy}
        />
        <fieldset disabled={busy}>
          <legend>Streaming links</legend>
          {PLATFORM_LINKS.map(({ field, label }) => (
            <FormTextField
              key={field}
              name={field}
              label={label}
              type="url"
              inputMode="url"
              placeholder="https://"
              onChange={() => setLinkWarning(null)}
            />
          ))}
        </fieldset>
        {linkWarning && (
          <p className="upload-warning" role="alert">
            {linkWarning}
          </p>
        )}
        <UploadFooter progress={progress} result={result} busy={busy} done={succeeded} label="Upload" />
      </Form>
    </section>
  );
}
