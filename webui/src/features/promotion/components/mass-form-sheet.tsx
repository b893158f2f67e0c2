import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { Form, FormAlert, FormTextArea, FormTextField, showServerError, useSchemaForm } from '@/components/form/form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { checkFile } from '@/features/upload/api/file-rules';
import { FormFileField } from '@/features/upload/components/upload-form';
import { toApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/money';
import { useAttemptKey } from '@/lib/attempt-key';
import { createMassPromotion } from '../api/create-mass';
import { MASS_FORMS, emptyMassForm, massFormSchema, splitMassForm, type MassField, type MassFormValues } from '../api/mass-form';
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

const NO_FIELDS: MassField[] = [];

/** The category's form; files go up through the upload flow and travel by key. */
export function MassForm({ pkg, onClose }: { pkg: Package; onClose: () => void }) {
  const fields: MassField[] | undefined = MASS_FORMS[pkg.category];
  const schema = useMemo(() => massFormSchema(fields ?? NO_FIELDS), [fields]);
  const form = useSchemaForm<MassFormValues>(schema, emptyMassForm(fields ?? NO_FIELDS));
  const attempt = useAttemptKey();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (checked: MassFormValues) =>
      createMassPromotion({ category: pkg.category, packageId: pkg.id, fields: fields ?? NO_FIELDS, ...splitMassForm(fields ?? NO_FIELDS, checked) }, attempt.key()),
    onSettled: (_d, error) => attempt.settle(error ?? undefined),
    // The server's field errors go on the fields they name.
    onError: (error) => showServerError(form, uploadFailureText(error) ?? massErrorText(error), toApiError(error).fieldErrors),
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

  const busy = create.isPending;
  return (
    <BottomSheet title={pkg.name} onClose={onClose}>
      <Form form={form} onSubmit={(checked) => create.mutate(checked)} className="promo-form" aria-label="Promotion form">
        {fields.map((f) =>
          f.input === 'image' || f.input === 'video' ? (
            <FormFileField key={f.name} name={f.name} label={f.label} kind={f.input} check={(file) => checkFile(f.input === 'video' ? 'video' : 'image', file)} disabled={busy} />
          ) : f.input === 'textarea' ? (
            <FormTextArea key={f.name} name={f.name} label={f.optional ? `${f.label} (optional)` : f.label} />
          ) : (
            <FormTextField key={f.name} name={f.name} label={f.label} type={f.input} />
          ),
        )}
        <p className="promo-note">You pay {formatNaira(pkg.total)} from your wallet. {APPROVAL_NOTE}</p>
        <FormAlert />
        <Button type="submit" block disabled={busy}>{busy ? 'Submitting...' : 'Submit Promotion'}</Button>
      </Form>
    </BottomSheet>
  );
}
