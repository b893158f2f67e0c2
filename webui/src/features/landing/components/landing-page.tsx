import { Link } from 'react-router-dom';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { CoreFeatures } from './core-features';
import { SiteFooter } from './site-footer';

/** / : hero, the potential pitch, four core features, one review, footer (spec §2). */
export function LandingPage() {
  return (
    <div className="landing">
      <header className="landing-nav">
        <Logo />
        <Link to={paths.login} className="btn btn-ghost">
          Log In
        </Link>
      </header>
      <main>
        <section className="hero">
          <p className="eyebrow">Where artist and industry meet</p>
          <h1>Your music. Your fans. Your label deal.</h1>
          <p className="muted">
            Upload unlimited music and videos, get spotlighted, and connect with record labels, all
            in one place.
          </p>
          <Link to={paths.start} className="btn btn-primary">
            Get Started
          </Link>
        </section>
        <section className="potential">
          <h2>Unlock your potential</h2>
          <p className="muted">
            Artists, producers and record labels from Lagos to London use Zuum to be heard, sell
            beats and find the next big sound.
          </p>
        </section>
        <CoreFeatures />
        <section className="review" aria-labelledby="review-heading">
          <h2 id="review-heading">From our community</h2>
          <blockquote>
            <p>
              "Zuum put my songs in front of a label in weeks. The uploads are unlimited and the
              spotlight actually works."
            </p>
            <footer>Ada, independent artist, Lagos</footer>
          </blockquote>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
