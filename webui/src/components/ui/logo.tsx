import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The Zuum wordmark, linking home. */
export function Logo({ to = paths.landing }: { to?: string }) {
  return (
    <Link to={to} className="logo" aria-label="Zuum home">
      zuum
    </Link>
  );
}
