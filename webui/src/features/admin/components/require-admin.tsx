import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toApiError } from '@/lib/api-client';
import { messageFor } from '@/lib/error-message';
import { AWAITING_APPROVAL, adminCallErrors } from '../api/admin-errors';
import { useAdminLogout, useAdminMe } from '../api/admin-session';
import type { AdminRedirectState } from './admin-login-page';
import './admin.css';

const meErrors = adminCallErrors('An unexpected error occurred');

/**
 * The admin guard (spec §2): asks GET /admin/auth/me with the `zuum_admin` cookie. No admin
 * session (401) goes to /adlog, remembering the page; an admin nobody has approved yet sees
 * the awaiting page; anything else offers a retry. Without children it guards the nested routes.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const me = useAdminMe();

  if (me.isPending) return <Spinner fullScreen label="Checking admin session..." />;
  if (me.isError) {
    const error = toApiError(me.error);
    if (error.status === 401) {
      const state: AdminRedirectState = { from: location.pathname + location.search };
      return <Navigate to={paths.adminLogin} replace state={state} />;
    }
    if (error.status === 403 && error.message === AWAITING_APPROVAL) return <AwaitingApproval />;
    return (
      <main className="center-screen">
        <h1>Admin area unavailable</h1>
        <p>{messageFor(me.error, meErrors)}</p>
        <Button onClick={() => void me.refetch()}>Try Again</Button>
      </main>
    );
  }
  if (!me.data.admin.approved) return <AwaitingApproval />;
  return children ?? <Outlet />;
}

/** An admin who verified their email but whom no other admin has approved yet. */
function AwaitingApproval() {
  const navigate = useNavigate();
  const logout = useAdminLogout();
  return (
    <main className="center-screen">
      <h1>Awaiting approval</h1>
      <p>
        Your admin account is verified, but an existing admin has to approve it before you can use the admin
        area. Ask another admin to approve you in their Queues, then log in again.
      </p>
      <Button variant="secondary" disabled={logout.isPending} onClick={() => logout.mutate(undefined, { onSettled: () => navigate(paths.adminLogin, { replace: true }) })}>
        Log out
      </Button>
    </main>
  );
}
