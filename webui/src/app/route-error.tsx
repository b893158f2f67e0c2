import { useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';

/** Last resort when a screen throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="center-screen">
      <h1>Something went wrong</h1>
      <p className="muted">Please reload the page.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}
