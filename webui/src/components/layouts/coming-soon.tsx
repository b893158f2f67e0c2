import { Link, useLocation } from 'react-router-dom';

/** Signed-in routes of spec §2 that later issues build. */
export function ComingSoon() {
  const { pathname } = useLocation();
  return (
    <section className="empty-state">
      <h1>Coming soon</h1>
      <p className="muted">
        <code>{pathname}</code> is on its way. We're building this part of Zuum right now.
      </p>
      <Link to="/home" className="btn btn-secondary">
        Back to Home
      </Link>
    </section>
  );
}
