import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { messageFor } from '@/lib/error-message';
import { firstErrors } from '@/lib/validation';
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminLoginSchema.safeParse({ email, password });
    if (!parsed.success) return setErrors(firstErrors<'email' | 'password'>(parsed.error.issues));
    setFormError('');
    login.mutate(parsed.data, {
      onSuccess: () => navigate(from && from !== '/adlog' ? from : '/users', { replace: true }),
      onError: (error) => setFormError(messageFor(error, adminLoginErrors)),
    });
  };

  return (
    <AdminAuthLayout title="Admin Login" subtitle="Sign in to the Zuum admin area.">
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          error={errors.email}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors((x) => ({ ...x, email: undefined }));
          }}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((x) => ({ ...x, password: undefined }));
          }}
        />
        <div className="row-between">
          <Link to="/admin/forgot-password">Forgot password?</Link>
        </div>
        {formError && <Alert>{formError}</Alert>}
        <Button type="submit" block disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Log In'}
        </Button>
      </form>
      <p className="muted">
        New admin? <Link to="/adsin">Register</Link>
      </p>
      <p className="muted">
        Not an admin? <Link to="/login">User login</Link>
      </p>
    </AdminAuthLayout>
  );
}
