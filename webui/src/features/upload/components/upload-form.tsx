import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { UploadProgress } from './upload-progress';

/** Spec part 2 §9: go to /home 1.5 s after a successful audio or beat upload. */
export const AUDIO_REDIRECT_MS = 1500;

export type UploadResult = { tone: 'success' | 'error'; text: string; detail?: string };

/** Goes to /home AUDIO_REDIRECT_MS after the upload succeeded. */
export function useHomeAfterSuccess(succeeded: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => navigate('/home'), AUDIO_REDIRECT_MS);
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
