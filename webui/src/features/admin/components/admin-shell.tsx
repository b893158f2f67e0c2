import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAdminLogout, useAdminMe } from '../api/admin-session';
import './admin.css';

const LINKS = [
  { to: paths.adminUsers, label: 'Users' },
  { to: paths.adminQueues, label: 'Queues' },
  { to: paths.adminAudit, label: 'Audit' },
  { to: paths.adminLedger, label: 'Ledger' },
];

/** The admin frame: the area's navigation, who is signed in, Log out, then the page. */
export function AdminShell() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const me = useAdminMe();
  const logout = useAdminLogout();
  return (
    <div className="admin-shell">
      <header className="admin-header">
        <strong>Zuum Admin</strong>
        <nav aria-label="Admin">
          {LINKS.map((l) => (
            // /users is the spec's address of the user list, /admin/users the area's: one tab for both.
            <NavLink
              key={l.to}
              to={l.to}
              className={({ isActive }) => (isActive || (l.to === paths.adminUsers && pathname === paths.users) ? 'active' : undefined)}
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
        <span className="muted">{me.data?.admin.username}</span>
        <Button
          variant="ghost"
          disabled={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSettled: () => navigate(paths.adminLogin, { replace: true }) })}
        >
          {logout.isPending ? 'Logging out...' : 'Log out'}
        </Button>
      </header>
      <main className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}
