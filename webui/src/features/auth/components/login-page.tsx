import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import type { LoginRedirectState } from '@/lib/auth/require-auth';
import { firstErrors } from '@/lib/form-errors';
import { loginErrorMessage, loginSchema, useLogin } from '../api/login';
import { redirectToGoogle } from '../api/google-auth';
import { useSession } from '../api/get-session';
import { AuthLayout } from './auth-layout';

type LoginState = LoginRedirectState & { notice?: string };

/**
 * /login. A session that already works (the session cookie) goes straight on; the page asks
 * /auth/session, which answers a signed-out visitor without a 401.
 */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as LoginState;
  const destination = state.from && state.from !== '/login' ? state.from : '/home';
  const session = useSession();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState('');

  if (session.data?.signed_in && !login.isPending) return <Navigate to={destination} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) return setErrors(firstErrors<'email' | 'password'>(parsed.error.issues));
    setFormError('');
    login.mutate(parsed.data, {
      onSuccess: () => navigate(destination, { replace: true }),
      onError: (error) => setFormError(loginErrorMessage(error)),
    });
  };

  return (
    <AuthLayout title="Welcome back" subtitle="Log in to continue to Zuum.">
      {state.notice && <Alert tone="success">{state.notice}</Alert>}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
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
          <label className="checkbox">
            <input type="checkbox" name="remember" defaultChecked /> Remember me
          </label>
          <Link to="/forgot">Forgot password?</Link>
        </div>
        {formError && <Alert>{formError}</Alert>}
        <Button type="submit" block disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Log In'}
        </Button>
        <div className="divider">or</div>
        <Button variant="secondary" block onClick={() => setFormError(redirectToGoogle() ?? '')}>
          Continue with Google
        </Button>
      </form>
      <p className="muted">
        New to Zuum? <Link to="/signup">Sign up</Link>
      </p>
      <p className="muted">
        Haven't verified your email? <Link to="/verify">Verify email</Link>
      </p>
    </AuthLayout>
  );
}
