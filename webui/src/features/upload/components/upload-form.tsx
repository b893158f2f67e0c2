import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFormContext, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { checkFile, type FileCheck } from '../api/file-rules';
import { FileField, type FileFieldProps } from './file-field';
import { UploadProgress } from './upload-progress';

/** Spec part 2 §9: go to /home 1.5 s after a successful audio or beat upload. */
export const AUDIO_REDIRECT_MS = 1500;

export type UploadResult = { tone: 'success' | 'error'; text: string; detail?: string };

/** Goes to /home AUDIO_REDIRECT_MS after the upload succeeded. */
export function useHomeAfterSuccess(succeeded: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => navigate(paths.home), AUDIO_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate]);
}

/** The fields a failed upload names (the ticket's or the create call's), marked on the form. */
export function markFields<T extends FieldValues>(form: UseFormReturn<T>, fields: Partial<Record<string, string>>) {
  for (const [field, message] of Object.entries(fields)) {
    if (message) form.setError(field as Path<T>, { type: 'server', message });
  }
}

type UploadFooterProps = {
  progress: number | null;
  result: UploadResult | null;
  busy: boolean;
  /** The submit button stays off once the upload is done (the page is leaving). */
  done?: boolean;
  label: string;
};

/** What every upload form shows below its fields: the progress, the outcome and the submit button. */
export function UploadFooter({ progress, result, busy, done = false, label }: UploadFooterProps) {
  return (
    <>
      {progress !== null && <UploadProgress percent={progress} />}
      {result && (
        <Alert tone={result.tone}>
          {result.text}
          {result.detail && <span className="alert-detail">{result.detail}</span>}
        </Alert>
      )}
      <Button type="submit" block disabled={busy || done}>
        {busy ? 'Uploading...' : label}
      </Button>
    </>
  );
}

type FormFileFieldProps = Omit<FileFieldProps, 'file' | 'error' | 'onPick'> & {
  /** The form's field holding the picked file (its schema is fileSchema with the same check). */
  name: string;
  check: (file: File) => FileCheck;
};

/** A FileField bound to the form: a refused file shows its reason at once, as the schema will on submit. */
export function FormFileField({ name, check, ...field }: FormFileFieldProps) {
  const { setValue, setError, clearErrors, formState } = useFormContext();
  const file = useWatch({ name }) as File | null;
  const error = (formState.errors[name]?.message as string | undefined) || undefined;
  const onPick = (picked: File | null) => {
    setValue(name, picked);
    const checked = picked ? check(picked) : null;
    if (checked && !checked.ok) setError(name, { type: 'file', message: checked.error });
    else clearErrors(name);
    return checked?.ok ?? false;
  };
  return <FileField {...field} file={file} error={error} onPick={onPick} />;
}

/** The form's cover photo (field `cover_photo`): JPEG or PNG under 5MB. */
export function CoverPhotoField({ hint, disabled }: { hint: string; disabled: boolean }) {
  return <FormFileField name="cover_photo" label="Cover Photo" kind="image" check={(file) => checkFile('image', file)} hint={hint} disabled={disabled} />;
}
