import { decideAdmin, usePendingAdmins } from '../api/admins-queue';
import { formatDate } from './format-date';
import { QueueState, type QueueProps } from './queue-state';
import { ReviewActions } from './review-actions';

/** Verified admins whom no admin has approved yet. */
export function AdminsQueue({ onDone }: QueueProps) {
  const query = usePendingAdmins();
  return (
    <QueueState query={query} rows={(d) => d.admins} noun="admins" empty="No admins are waiting for approval.">
      {(d) => (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Email</th>
              <th scope="col">Registered</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {d.admins.map((a) => (
              <tr key={a.id}>
                <td data-label="Username">{a.username}</td>
                <td data-label="Email">{a.email}</td>
                <td data-label="Registered">{formatDate(a.created_at)}</td>
                <td data-label="Actions">
                  <ReviewActions queue="admins" decide={decideAdmin} id={a.id} name={`Admin ${a.username}`} onDone={onDone} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueueState>
  );
}
