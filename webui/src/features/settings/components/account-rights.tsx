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
import { exportErrors, useExportData } from '../api/export-data';

/**
 * The rights the Nigeria Data Protection Act 2023 gives people over their data: download it all,
 * hide the account (logging in again brings it back), delete it for good.
 */
export function AccountRights() {
  const [open, setOpen] = useState<'deactivate' | 'delete' | null>(null);
  const download = useExportData();
  return (
    <section className="settings-rights" aria-labelledby="settings-rights-title">
      <h2 id="settings-rights-title">Your data</h2>
      <p className="muted">Download a copy of everything Zuum holds about you: profile, posts, comments, follows, messages, purchases, licences, wallet history and notifications.</p>
      <Button variant="secondary" block onClick={() => download.mutate()} disabled={download.isPending}>
        {download.isPending ? 'Preparing your data...' : 'Download My Data'}
      </Button>
      {download.isError && <Alert>{messageFor(download.error, exportErrors)}</Alert>}
      {download.isSuccess && <Alert tone="success">Your data has been downloaded.</Alert>}
      <div className="settings-danger">
        <Button variant="secondary" block onClick={() => setOpen('deactivate')}>
          Deactivate Account
        </Button>
        <Button variant="danger" block onClick={() => setOpen('delete')}>
          Delete Account
        </Button>
      </div>
      {open === 'deactivate' && <DeactivateDialog onClose={() => setOpen(null)} />}
      {open === 'delete' && <DeleteDialog onClose={() => setOpen(null)} />}
    </section>
  );
}

function DeactivateDialog({ onClose }: { onClose: () => void }) {
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

function DeleteDialog({ onClose }: { onClose: () => void }) {
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
