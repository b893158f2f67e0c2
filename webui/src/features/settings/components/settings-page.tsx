import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/auth/logout';
import { AccountRights } from './account-rights';
import { DataSaverSetting } from './data-saver-setting';
import './settings.css';

/** /settings: Dashboard link, data saver and the data used, the account's data rights (download, deactivate, delete), Log Out. */
export function SettingsPage() {
  const logout = useLogout();
  return (
    <section className="settings">
      <h1>Settings</h1>
      <nav aria-label="Settings">
        <Link to={paths.dashboard} className="settings-row">Dashboard</Link>
        <Link to={paths.editProfile} className="settings-row">Edit Profile</Link>
        <Link to={paths.subscription} className="settings-row">Subscription</Link>
      </nav>
      <DataSaverSetting />
      <AccountRights />
      <Button variant="ghost" block onClick={() => logout.mutate()} disabled={logout.isPending}>
        {logout.isPending ? 'Logging out...' : 'Log Out'}
      </Button>
    </section>
  );
}
