import { Link } from 'react-router-dom';

/** The Zuum wordmark, linking home. */
export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="logo" aria-label="Zuum home">
      zuum
    </Link>
  );
}
