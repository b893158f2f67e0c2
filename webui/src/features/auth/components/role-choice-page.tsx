import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/ui/logo';
import { roles } from '../roles';

/** Spec §9: the splash stays 5 seconds. */
export const SPLASH_MS = 5000;

/** /start: splash with the tagline, then the three identity cards. */
export function RoleChoicePage() {
  const [splash, setSplash] = useState(true);

  useEffect(() => {
    const timer = window.setTimeout(() => setSplash(false), SPLASH_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (splash) {
    return (
      <main className="splash" aria-busy="true">
        <Logo />
        <p className="splash-tagline">Where artist and industry meet</p>
        <span className="spinner" aria-hidden="true" />
      </main>
    );
  }

  return (
    <main className="role-choice">
      <Logo />
      <h1>Which Category Do You Belong?</h1>
      <ul className="role-cards">
        {roles.map((role) => (
          <li key={role.slug}>
            <Link className="role-card" to={`/signup?identity=${role.slug}`}>
              <strong>{role.title}</strong>
              <span>{role.blurb}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="muted">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </main>
  );
}
