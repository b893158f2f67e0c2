import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { roles } from '../roles';

/** Spec §9: the splash stays 5 seconds. */
export const SPLASH_MS = 5000;

/** sessionStorage key: set once the splash has shown in this tab's visit. */
const SPLASH_SHOWN_KEY = 'zuum-splash-shown';

function splashShown(): boolean {
  try {
    return sessionStorage.getItem(SPLASH_SHOWN_KEY) === '1';
  } catch {
    return false;
  }
}

function markSplashShown(): void {
  try {
    sessionStorage.setItem(SPLASH_SHOWN_KEY, '1');
  } catch {
    // Storage blocked: the splash shows again next time, nothing worse.
  }
}

/**
 * /start: splash with the tagline, then the three identity cards. The splash shows once per
 * visit (sessionStorage): /login → "Sign up" → /start must not make the user wait 5 s again.
 */
export function RoleChoicePage() {
  const [splash, setSplash] = useState(() => !splashShown());

  useEffect(() => {
    if (!splash) return;
    markSplashShown();
    const timer = window.setTimeout(() => setSplash(false), SPLASH_MS);
    return () => window.clearTimeout(timer);
  }, [splash]);

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
            <Link className="role-card" to={paths.signupAs(role.slug)}>
              <strong>{role.title}</strong>
              <span>{role.blurb}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="muted">
        Already have an account? <Link to={paths.login}>Log in</Link>
      </p>
    </main>
  );
}
