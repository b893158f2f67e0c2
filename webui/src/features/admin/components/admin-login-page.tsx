import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Form, FormAlert, FormPasswordField, FormTextField, showServerError, useSchemaForm } from '@/components/form/form';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { messageFor } from '@/lib/error-message';
import { adminLoginErrors } from '../api/admin-errors';
import { adminLoginSchema, useAdminLogin } from '../api/admin-session';
import { AdminAuthLayout } from './admin-auth-layout';
import './admin.css';

/** Where the guard sends an admin back to after logging in. */
export type AdminRedirectState = { from?: string };

/** /adlog: email and password; success goes to /users (or where the guard was asked). */
export function AdminLoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as AdminRedirectState | null)?.from;
  const login = useAdminLogin();
  const form = useSchemaForm(adminLoginSchema, { email: '', password: '' });

  return (
    <AdminAuthLayout title="Admin Login" subtitle="Sign in to the Zuum admin area.">
      <Form
        form={form}
        onSubmit={(values) =>
          login.mutate(values, {
            onSuccess: () => navigate(from && from !== paths.adminLogin ? from : paths.users, { replace: true }),
            onError: (error) => showServerError(form, messageFor(error, adminLoginErrors)),
          })
        }
      >
        <FormTextField name="email" label="Email" type="email" autoComplete="username" />
        <FormPasswordField name="password" label="Password" autoComplete="current-password" />
        <div className="row-between">
          <Link to={paths.adminForgot}>Forgot password?</Link>
        </div>
        <FormAlert />
        <Button type="submit" block disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Log In'}
        </Button>
      </Form>
      <p className="muted">
        New admin? <Link to={paths.adminSignup}>Register</Link>
      </p>
      <p className="muted">
        Not an admin? <Link to={paths.login}>User login</Link>
      </p>
    </AdminAuthLayout>
  );
}
