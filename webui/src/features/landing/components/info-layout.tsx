import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { SiteFooter } from './site-footer';
import './info-pages.css';

/** The frame of the public information pages: wordmark, the page, the site footer. */
export function InfoLayout({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <div className="landing info-page">
      <header className="landing-nav">
        <Logo />
        <Link to={paths.start} className="btn btn-ghost">
          Get Started
        </Link>
      </header>
      <main>
        <h1>{title}</h1>
        <p className="info-lead">{lead}</p>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** Zuum's one contact address. */
export const SUPPORT_EMAIL = 'support@zuum.ng';

export function SupportEmail() {
  return <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;
}
