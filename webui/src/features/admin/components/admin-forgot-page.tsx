import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AdminAuthLayout } from './admin-auth-layout';
import './admin.css';

/**
 * /admin/forgot-password. Admin passwords are not reset by e-mail: a lost one is a reason to
 * be careful, so the page says what to do instead of pretending to send a link.
 */
export function AdminForgotPage() {
  return (
    <AdminAuthLayout title="Forgot password">
      <p>
        Admin passwords cannot be reset by e-mail. Ask another admin to help you: they can approve a new
        admin account for you, which you register at <Link to={paths.adminSignup}>admin registration</Link>.
      </p>
      <p className="muted">
        <Link to={paths.adminLogin}>Back to admin login</Link>
      </p>
    </AdminAuthLayout>
  );
}
