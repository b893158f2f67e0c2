import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { AdminUser } from '../api/users';
import { formatDate } from './format-date';

/** View details: every field the admin list gives about the user. */
export function UserDetailsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const name = [user.firstname, user.middlename, user.lastname].filter(Boolean).join(' ');
  const rows: [string, string][] = [
    ['Username', user.username],
    ['Email', user.email],
    ['Name', name || '—'],
    ['Identity', user.identity || '—'],
    ['Phone number', user.phonenumber || '—'],
    ['Joined', formatDate(user.created_at)],
    ['Status', user.deactivated ? 'Deactivated' : 'Active'],
    ['User ID', user.id],
  ];
  return (
    <Dialog title="User details" onClose={onClose} actions={<Button onClick={onClose}>Close</Button>}>
      <dl className="admin-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

type DeactivateProps = { user: AdminUser; pending: boolean; onConfirm: () => void; onClose: () => void };

/** The confirmation before a deactivation, saying what it does. */
export function DeactivateDialog({ user, pending, onConfirm, onClose }: DeactivateProps) {
  return (
    <Dialog
      title="Deactivate user"
      role="alertdialog"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={pending}>
            {pending ? 'Deactivating...' : 'Deactivate'}
          </Button>
        </>
      }
    >
      <p>
        Are you sure you want to deactivate <strong>{user.username}</strong> ({user.email})? They are logged out
        everywhere at once, cannot log in, and their posts leave every list until an admin reactivates them.
      </p>
    </Dialog>
  );
}
