import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Form, FormAlert, FormPasswordField, FormTextField, showServerError, useSchemaForm } from '@/components/form/form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { LoginRedirectState } from '@/lib/auth/require-auth';
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
  const destination = state.from && state.from !== paths.login ? state.from : paths.home;
  const session = useSession();
  const login = useLogin();
  const form = useSchemaForm(loginSchema, { email: '', password: '' });

  if (session.data?.signed_in && !login.isPending) return <Navigate to={destination} replace />;

  return (
    <AuthLayout title="Welcome back" subtitle="Log in to continue to Zuum.">
      {state.notice && <Alert tone="success">{state.notice}</Alert>}
      <Form
        form={form}
        onSubmit={(values) =>
          login.mutate(values, {
            onSuccess: () => navigate(destination, { replace: true }),
            onError: (error) => showServerError(form, loginErrorMessage(error)),
          })
        }
      >
        <FormTextField name="email" label="Email" type="email" autoComplete="email" />
        <FormPasswordField name="password" label="Password" autoComplete="current-password" />
        <div className="row-between">
          <label className="checkbox">
            <input type="checkbox" name="remember" defaultChecked /> Remember me
          </label>
          <Link to={paths.forgot}>Forgot password?</Link>
        </div>
        <FormAlert />
        <Button type="submit" block disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Log In'}
        </Button>
        <div className="divider">or</div>
        <Button variant="secondary" block onClick={() => showServerError(form, redirectToGoogle() ?? '')}>
          Continue with Google
        </Button>
      </Form>
      <p className="muted">
        New to Zuum? <Link to={paths.signup}>Sign up</Link>
      </p>
      <p className="muted">
        Haven't verified your email? <Link to={paths.verify}>Verify email</Link>
      </p>
    </AuthLayout>
  );
}
