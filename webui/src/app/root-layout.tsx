import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';

/**
 * Above every route: scroll restoration (a new page starts at the top, Back and Forward return
 * to where the page was left), then the page.
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** What shows while the first screen's code loads (its route is lazy). */
export function RootFallback() {
  return <Spinner fullScreen label="Loading..." />;
}
