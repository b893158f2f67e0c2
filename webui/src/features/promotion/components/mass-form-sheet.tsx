import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/text-area';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { checkFile } from '@/features/upload/api/file-rules';
import { FileField } from '@/features/upload/components/file-field';
import { toApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { useAttemptKey } from '@/lib/attempt-key';
import { createMassPromotion } from '../api/create-mass';
import { MASS_FORMS, missingFields, type MassField } from '../api/mass-form';
import { massErrorText, type Package } from '../api/packages';
import { APPROVAL_NOTE } from '../api/promote';
import { uploadFailureText } from '../api/upload-failure';

/** A bottom sheet: Escape and the overlay close it, focus moves in when it opens. */
function BottomSheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const panel = useRef<HTMLElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close.current();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return createPortal(
    <div className="promo-sheet-layer">
      <div className="promo-sheet-overlay" aria-hidden="true" onClick={onClose} />
      <section ref={panel} className="promo-sheet" role="dialog" aria-modal="true" aria-label={title} tabIndex={-1}>
        <header>
          <h2>{title}</h2>
          <Button variant="ghost" onClick={onClose}>Close</Button>
        </header>
        {children}
      </section>
    </div>,
    document.body,
  );
}

/** The category's form; files go up through the upload flow and travel by key. */
export function MassForm({ pkg, onClose }: { pkg: Package; onClose: () => void }) {
  const fields: MassField[] | undefined = MASS_FORMS[pkg.category];
  const [values, setValues] = useState<Record<string, string>>({});
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const attempt = useAttemptKey();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => createMassPromotion({ category: pkg.category, packageId: pkg.id, fields: fields ?? [], values, files }, attempt.key()),
    onSettled: (_d, error) => attempt.settle(error ?? undefined),
    // The server's field errors go on the fields they name.
    onError: (error) => {
      const named = toApiError(error).fieldErrors;
      if (named.length) setErrors(Object.fromEntries(named.map((e) => [e.field, e.msg])));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['promotion', 'mine'] });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
  });

  if (!fields) {
    return (
      <BottomSheet title={pkg.name} onClose={onClose}>
        <p className="muted">Form not available for this category</p>
      </BottomSheet>
    );
  }
  if (create.isSuccess) {
    return (
      <BottomSheet title={pkg.name} onClose={onClose}>
        <Alert tone="success">Promotion created. It is pending: {APPROVAL_NOTE}</Alert>
        <Link to={paths.myPromotions} className="btn btn-primary">My Promotions</Link>
      </BottomSheet>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const missing = missingFields(fields, values, files);
    setErrors(missing);
    if (Object.keys(missing).length === 0) create.mutate();
  };
  const pick = (f: MassField) => (file: File | null) => {
    const check = file ? checkFile(f.input === 'video' ? 'video' : 'image', file) : null;
    setErrors((e) => ({ ...e, [f.name]: check && !check.ok ? check.error : '' }));
    setFiles((all) => ({ ...all, [f.name]: check?.ok ? file : null }));
    return !check || check.ok;
  };
  const busy = create.isPending;
  return (
    <BottomSheet title={pkg.name} onClose={onClose}>
      <form className="promo-form" onSubmit={onSubmit} noValidate aria-label="Promotion form">
        {fields.map((f) =>
          f.input === 'image' || f.input === 'video' ? (
            <FileField key={f.name} label={f.label} kind={f.input} file={files[f.name] ?? null} error={errors[f.name] || undefined} disabled={busy} onPick={pick(f)} />
          ) : f.input === 'textarea' ? (
            <TextArea key={f.name} label={f.optional ? `${f.label} (optional)` : f.label} value={values[f.name] ?? ''} error={errors[f.name] || undefined} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
          ) : (
            <TextField key={f.name} label={f.label} type={f.input} value={values[f.name] ?? ''} error={errors[f.name] || undefined} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
          ),
        )}
        <p className="promo-note">You pay {formatNaira(pkg.total)} from your wallet. {APPROVAL_NOTE}</p>
        {create.isError && <Alert>{uploadFailureText(create.error) ?? massErrorText(create.error)}</Alert>}
        <Button type="submit" block disabled={busy}>{busy ? 'Submitting...' : 'Submit Promotion'}</Button>
      </form>
    </BottomSheet>
  );
}
