import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { messageFor } from '@/lib/error-message';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usersErrors } from '../api/admin-errors';
import {
  REFRESH_AFTER_MS,
  USER_DEACTIVATED,
  USER_REACTIVATED,
  useAdminUsers,
  useDeactivateUser,
  useReactivateUser,
  usersKey,
  type AdminUser,
} from '../api/users';
import { formatDate } from './format-date';
import { Pager } from './pager';
import { DeactivateDialog, UserDetailsDialog } from './user-dialogs';
import './admin.css';

type Open = { kind: 'details' | 'deactivate'; user: AdminUser } | null;

/**
 * /users and /admin/users (spec §2): the searchable user table, pages, View details, and
 * Deactivate behind a confirmation (hidden for a deactivated user, who gets Reactivate). After
 * a change the banner shows and the list is asked again 2 s later (spec §4).
 */
export function UsersPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebouncedValue(search.trim(), 300);
  const users = useAdminUsers(page, term);
  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  const [open, setOpen] = useState<Open>(null);
  const [banner, setBanner] = useState('');
  const [actionError, setActionError] = useState('');
  const refresh = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(refresh.current), []);

  const changed = (text: string) => {
    setBanner(text);
    setActionError('');
    window.clearTimeout(refresh.current);
    refresh.current = window.setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: usersKey });
    }, REFRESH_AFTER_MS);
  };

  const onDeactivate = (user: AdminUser) =>
    deactivate.mutate(user.id, {
      onSuccess: () => {
        setOpen(null);
        changed(USER_DEACTIVATED);
      },
      onError: (error) => {
        setOpen(null);
        setBanner('');
        setActionError(messageFor(error, usersErrors));
      },
    });

  const onReactivate = (user: AdminUser) =>
    reactivate.mutate(user.id, {
      onSuccess: () => changed(USER_REACTIVATED),
      onError: (error) => {
        setBanner('');
        setActionError(messageFor(error, usersErrors));
      },
    });

  const data = users.data;

  return (
    <section className="admin-page">
      <h1>Users</h1>
      <div className="field admin-search">
        <label htmlFor="admin-user-search">Search users</label>
        <input
          id="admin-user-search"
          type="search"
          placeholder="Username or email"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {banner && <Alert tone="success">{banner}</Alert>}
      {actionError && <Alert>{actionError}</Alert>}
      {users.isPending ? (
        <Spinner label="Loading users..." />
      ) : users.isError ? (
        <Alert>{messageFor(users.error, usersErrors)}</Alert>
      ) : data!.users.length === 0 ? (
        <p className="muted">{term ? `No users match "${term}".` : 'No users yet.'}</p>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Username</th>
                  <th scope="col">Email</th>
                  <th scope="col">Identity</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {data!.users.map((u) => (
                  <tr key={u.id}>
                    <td data-label="Username">{u.username}</td>
                    <td data-label="Email">{u.email}</td>
                    <td data-label="Identity">{u.identity}</td>
                    <td data-label="Joined">{formatDate(u.created_at)}</td>
                    <td data-label="Status">
                      <span className={`status-badge ${u.deactivated ? 'status-red' : 'status-green'}`}>
                        {u.deactivated ? 'Deactivated' : 'Active'}
                      </span>
                    </td>
                    <td data-label="Actions" className="admin-actions">
                      <Button variant="secondary" onClick={() => setOpen({ kind: 'details', user: u })}>
                        View details
                      </Button>
                      {u.deactivated ? (
                        <Button variant="ghost" disabled={reactivate.isPending} onClick={() => onReactivate(u)}>
                          Reactivate
                        </Button>
                      ) : (
                        <Button variant="danger" onClick={() => setOpen({ kind: 'deactivate', user: u })}>
                          Deactivate
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={data!.currentPage} totalPages={data!.totalPages} total={data!.total} noun={['user', 'users']} onPage={setPage} />
        </>
      )}
      {open?.kind === 'details' && <UserDetailsDialog user={open.user} onClose={() => setOpen(null)} />}
      {open?.kind === 'deactivate' && (
        <DeactivateDialog
          user={open.user}
          pending={deactivate.isPending}
          onConfirm={() => onDeactivate(open.user)}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}

