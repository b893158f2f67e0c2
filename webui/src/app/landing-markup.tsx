import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LandingPage } from '@/features/landing/components/landing-page';

/**
 * The landing page (/) as HTML, rendered at build time (scripts/prerender-landing.mjs writes it
 * into dist/landing.html): its <Link>s become plain <a href>s, so `/` needs no React in the
 * browser. The footer's year is the build's; landing.html's script sets the current one.
 */
export function renderLanding(): string {
  return renderToStaticMarkup(
    <StaticRouter location={paths.landing}>
      <LandingPage />
    </StaticRouter>,
  );
}
