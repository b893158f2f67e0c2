import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AuthLayout } from './auth-layout';

/** Spec §9: the success callback waits 2 seconds before /login. */
export const GOOGLE_REDIRECT_MS = 2000;

/**
 * /auth/google/*. On success the server has already set the session cookie, so nothing is
 * stored here: /login finds the session when it loads the profile and moves on to /home.
 */
export function GoogleCallbackPage() {
  const outcome = useParams()['*'];
  const navigate = useNavigate();

  useEffect(() => {
    if (outcome !== 'success') return;
    const timer = window.setTimeout(() => navigate(paths.login, { replace: true }), GOOGLE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, navigate]);

  if (outcome === 'success') {
    return (
      <AuthLayout title="Signed in with Google">
        <Spinner label="Finishing sign-in..." />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Google sign-in">
      <p className="alert alert-error" role="alert">
        {outcome === 'failure' ? 'Authentication failed' : 'Unexpected callback route'}
      </p>
      <Link to={paths.login}>Back to login</Link>
    </AuthLayout>
  );
}
