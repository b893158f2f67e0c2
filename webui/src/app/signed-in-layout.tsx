import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AppShell } from '@/components/layouts/app-shell';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/lib/auth/require-auth';

/**
 * Every signed-in screen: the guard, then the shell. Opening the app at /home asks for the first
 * feed page (the audio tab, which /home opens on) while the guard is still asking for the profile
 * and the payment details, under the feed's own query key and options, so the feed finds the
 * page (or the request in flight) and does not ask again.
 */
export function SignedInLayout() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // Only the screen the app was opened at: later visits to /home load their feed themselves.
  const [openedAt] = useState(pathname);
  useEffect(() => {
    if (openedAt !== paths.home) return;
    // Imported here, not at the top: the other signed-in screens need none of the feed's code.
    // /home's screen already brought it, so this waits for no download.
    void import('@/features/feed/api/get-feed').then(({ feedQueryOptions }) =>
      queryClient.prefetchInfiniteQuery(feedQueryOptions('audio')),
    );
  }, [openedAt, queryClient]);
  return (
    <RequireAuth>
      <AppShell />
    </RequireAuth>
  );
}
