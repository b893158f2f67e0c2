import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { messageFor } from '@/lib/error-message';
import { deactivateErrors, useDeactivateAccount } from '../api/deactivate-account';
import { checkDelete, deleteErrors, useDeleteAccount, type DeleteInput } from '../api/delete-account';
import { deleteCodeErrors, useSendDeleteCode } from '../api/delete-code';

/** Deactivate Account's confirmation: what it hides and how to come back. */
export function DeactivateDialog({ onClose }: { onClose: () => void }) {
  const deactivate = useDeactivateAccount();
  return (
    <Dialog
      title="Deactivate your account?"
      role="alertdialog"
      onClose={onClose}
      actions={
        <>
          <Button variant="danger" onClick={() => deactivate.mutate()} disabled={deactivate.isPending}>
            {deactivate.isPending ? 'Deactivating...' : 'Deactivate'}
          </Button>
          <Button variant="ghost" onClick={onClose} disabled={deactivate.isPending}>
            Cancel
          </Button>
        </>
      }
    >
      <p>Your profile, posts and comments will be hidden from everyone and you will be logged out on every device.</p>
      <p>Nothing is deleted: log in again any time to bring your account back.</p>
      {deactivate.isError && <Alert>{messageFor(deactivate.error, deactivateErrors)}</Alert>}
    </Dialog>
  );
}

/** Delete Account's confirmation: what goes, what stays, and the password (or emailed code). */
export function DeleteDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const remove = useDeleteAccount();
  const code = useSendDeleteCode();
  const [input, setInput] = useState<DeleteInput>({ password: '', otp: '', withCode: false });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const serverFields = remove.error ? messageFor(remove.error, deleteErrors) : '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkDelete(input);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    remove.mutate(checked.body);
  };
  const askForCode = () =>
    code.mutate(undefined, { onSuccess: () => setInput((v) => ({ ...v, withCode: true, password: '' })) });

  return (
    <Dialog
      title="Delete your account?"
      role="alertdialog"
      onClose={onClose}
      actions={
        <>
          <Button variant="danger" type="submit" form={formId} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete My Account'}
          </Button>
          <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
        </>
      }
    >
      <p>This removes your profile, posts and their files, comments, likes, follows and messages for good. It cannot be undone.</p>
      <p>Your username stays reserved for 30 days. Records we must keep for our books (wallet history, licences others bought from you) stay, without your name. Buyers keep the beats they bought.</p>
      <p>Your wallet must be empty first: withdraw or transfer what is in it.</p>
      <form id={formId} onSubmit={submit} noValidate>
        {input.withCode ? (
          <TextField
            label="Code from your email"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={input.otp}
            error={errors.otp}
            onChange={(e) => setInput((v) => ({ ...v, otp: e.target.value }))}
          />
        ) : (
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={input.password}
            error={errors.password}
            onChange={(e) => setInput((v) => ({ ...v, password: e.target.value }))}
          />
        )}
      </form>
      {!input.withCode && (
        <Button variant="ghost" onClick={askForCode} disabled={code.isPending}>
          {code.isPending ? 'Sending code...' : 'Signed in with Google? Email me a code'}
        </Button>
      )}
      {input.withCode && <Alert tone="info">We emailed you a code. It expires in 10 minutes.</Alert>}
      {code.isError && <Alert>{messageFor(code.error, deleteCodeErrors)}</Alert>}
      {serverFields && <Alert>{serverFields}</Alert>}
    </Dialog>
  );
}
