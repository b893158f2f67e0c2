import { lazy, Suspense, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { messageFor } from '@/lib/error-message';
import { exportErrors, useExportData } from '../api/export-data';

// The confirmations (and the form checks they carry) load when one is opened.
const DeactivateDialog = lazy(() => import('./account-dialogs').then((m) => ({ default: m.DeactivateDialog })));
const DeleteDialog = lazy(() => import('./account-dialogs').then((m) => ({ default: m.DeleteDialog })));

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
      <Suspense>
        {open === 'deactivate' && <DeactivateDialog onClose={() => setOpen(null)} />}
        {open === 'delete' && <DeleteDialog onClose={() => setOpen(null)} />}
      </Suspense>
    </section>
  );
}
