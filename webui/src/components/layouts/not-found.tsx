import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function NotFound() {
  return (
    <main className="center-screen">
      <h1>Page not found</h1>
      <p className="muted">This page doesn't exist.</p>
      <Link to={paths.landing} className="btn btn-secondary">
        Go to Zuum
      </Link>
    </main>
  );
}
