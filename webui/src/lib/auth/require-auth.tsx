import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toApiError } from '@/lib/api-client';
import { messageFor } from '@/lib/error-message';
import { profileFetchErrors, useCurrentProfile } from './get-current-profile';
import { usePaymentDetails } from './get-payment-details';

/** Where the login page sends the user back to (spec §2: "remembers the origin"). */
export type LoginRedirectState = { from?: string };

/**
 * Signed-in guard (spec §2 "Signed-in shell"): loads the profile (the session cookie) before
 * showing anything behind it, and asks for the payment details at the same time without waiting
 * for them (the shell shows a banner when they fail; the screens that need them wait themselves).
 * A 401 goes to /login and remembers where the user was headed; other failures offer a reload.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const profile = useCurrentProfile();
  usePaymentDetails(true);
  const unauthorized = !profile.data && profile.isError && toApiError(profile.error).status === 401;

  if (!profile.data) {
    if (profile.isPending) return <Spinner fullScreen label="Loading your experience..." />;
    if (unauthorized) {
      const state: LoginRedirectState = { from: location.pathname + location.search };
      return <Navigate to={paths.login} replace state={state} />;
    }
    return <AuthErrorScreen message={messageFor(profile.error, profileFetchErrors)} />;
  }
  return children;
}

function AuthErrorScreen({ message }: { message: string }) {
  return (
    <main className="center-screen">
      <h1>Authentication Error</h1>
      <p>{message}</p>
      <Button onClick={() => window.location.reload()}>Try Again</Button>
    </main>
  );
}
