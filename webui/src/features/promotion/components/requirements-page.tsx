import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/text-area';
import { TextField } from '@/components/ui/text-field';
import { toApiError } from '@/lib/api-client';
import { checkFile } from '@/features/upload/api/file-rules';
import { uploadFiles, type UploadItem } from '@/features/upload/api/upload-file';
import { FileField } from '@/features/upload/components/file-field';
import { createPromotionRequest, requestErrorText } from '../api/create-request';
import { PLATFORMS, REQUEST_TEXTS, REQUEST_TYPES, checkRequest, emptyRequest, togglePlatform, type RequestErrors, type RequestType, type RequestValues } from '../api/request-form';
import { uploadFailureText } from '../api/upload-failure';
import './promotion.css';

type Files = { image: File | null; video: File | null };

async function submit(values: RequestValues & { promotionType: RequestType }, files: Files) {
  const items: UploadItem[] = [];
  if (files.image) items.push({ kind: 'image', file: files.image });
  if (files.video) items.push({ kind: 'video', file: files.video });
  const keys = items.length ? await uploadFiles(items, () => {}) : [];
  const byKind = Object.fromEntries(items.map((item, i) => [item.kind, keys[i]]));
  return createPromotionRequest(values, {
    ...(byKind.image && { imageFile: byKind.image }),
    ...(byKind.video && { videoFile: byKind.video }),
  });
}

/** /req, Promotion Requirements (spec part 2 §2, §5): the request is stored for the promotion team. */
export function RequirementsPage() {
  const [values, setValues] = useState<RequestValues>(emptyRequest);
  const [files, setFiles] = useState<Files>({ image: null, video: null });
  const [fileErrors, setFileErrors] = useState<{ image?: string; video?: string }>({});
  const [errors, setErrors] = useState<RequestErrors>({});
  const send = useMutation({
    mutationFn: (v: RequestValues & { promotionType: RequestType }) => submit(v, files),
    // The server's field errors (the same messages) go on the fields they name.
    onError: (error) => {
      const named: RequestErrors = {};
      for (const { field, msg } of toApiError(error).fieldErrors) {
        if (field in REQUEST_TEXTS) named[field as keyof RequestErrors] ??= msg;
      }
      if (Object.keys(named).length) setErrors(named);
    },
  });

  const set = <K extends keyof RequestValues>(key: K, value: RequestValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const pickFile = (kind: 'image' | 'video') => (file: File | null) => {
    const check = file ? checkFile(kind, file) : null;
    setFileErrors((e) => ({ ...e, [kind]: check && !check.ok ? check.error : undefined }));
    setFiles((f) => ({ ...f, [kind]: check?.ok ? file : null }));
    return !check || check.ok;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkRequest(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || !values.promotionType) return;
    send.mutate({ ...values, promotionType: values.promotionType });
  };

  if (send.isSuccess) {
    return (
      <div className="promo-page">
        <h1>Promotion Requirements</h1>
        <Alert tone="success">Your promotion request has been submitted. Our team will contact you.</Alert>
        <Button
          variant="secondary"
          onClick={() => {
            setValues(emptyRequest);
            setFiles({ image: null, video: null });
            send.reset();
          }}
        >
          Submit another request
        </Button>
      </div>
    );
  }

  const platforms = values.promotionType ? PLATFORMS[values.promotionType] : [];
  const busy = send.isPending;
  return (
    <div className="promo-page">
      <h1>Promotion Requirements</h1>
      <form className="promo-form" onSubmit={onSubmit} noValidate aria-label="Promotion Requirements">
        <fieldset>
          <legend>Promotion type</legend>
          <div className="chips">
            {REQUEST_TYPES.map((t) => (
              <button
                key={t.value}
                type="button"
                className="chip"
                aria-pressed={values.promotionType === t.value}
                onClick={() => setValues((v) => ({ ...v, promotionType: t.value, selectedPlatforms: [] }))}
              >
                {t.label}
              </button>
            ))}
          </div>
          {errors.promotionType && <p className="field-error">{errors.promotionType}</p>}
        </fieldset>

        {platforms.length > 0 && (
          <fieldset>
            <legend>Platforms (required)</legend>
            <div className="chips">
              {platforms.map((p) => (
                <button key={p} type="button" className="chip" aria-pressed={values.selectedPlatforms.includes(p)} onClick={() => set('selectedPlatforms', togglePlatform(values.selectedPlatforms, p))}>
                  {p}
                </button>
              ))}
            </div>
          </fieldset>
        )}

        <fieldset>
          <legend>Content</legend>
          <TextField label="Content link" type="url" value={values.contentLink} error={errors.contentLink} onChange={(e) => set('contentLink', e.target.value)} />
          <TextField label="Title" value={values.contentTitle} onChange={(e) => set('contentTitle', e.target.value)} />
          <TextArea label="Description" value={values.contentDescription} onChange={(e) => set('contentDescription', e.target.value)} />
          <FileField label="Image" kind="image" file={files.image} error={fileErrors.image} disabled={busy} onPick={pickFile('image')} />
          <FileField label="Video" kind="video" file={files.video} error={fileErrors.video} disabled={busy} onPick={pickFile('video')} />
          <TextArea label="Biography" value={values.biography} onChange={(e) => set('biography', e.target.value)} />
          <TextField label="Target countries" value={values.targetCountries} onChange={(e) => set('targetCountries', e.target.value)} />
          <TextField label="Preferred dates" value={values.preferredDates} onChange={(e) => set('preferredDates', e.target.value)} />
        </fieldset>

        <fieldset>
          <legend>Contact</legend>
          <TextField label="Name" value={values.contactName} error={errors.contactName} onChange={(e) => set('contactName', e.target.value)} />
          <TextField label="Email" type="email" value={values.contactEmail} error={errors.contactEmail} onChange={(e) => set('contactEmail', e.target.value)} />
          <TextField label="Phone" type="tel" value={values.contactPhone} error={errors.contactPhone} onChange={(e) => set('contactPhone', e.target.value)} />
          <TextField label="Company" value={values.company} onChange={(e) => set('company', e.target.value)} />
        </fieldset>

        <label className="check">
          <input type="checkbox" checked={values.agreeTerms} onChange={(e) => set('agreeTerms', e.target.checked)} />
          I agree to the terms and conditions
        </label>
        {errors.agreeTerms && <p className="field-error">{errors.agreeTerms}</p>}

        {send.isError && <Alert>{uploadFailureText(send.error) ?? requestErrorText(send.error)}</Alert>}
        <Button type="submit" block disabled={busy}>
          {busy ? 'Submitting...' : 'Submit Promotion Request'}
        </Button>
      </form>
    </div>
  );
}
