import type { ReactNode } from 'react';
import { Logo } from '@/components/ui/logo';

/** The centred card of the admin sign-in screens, marked as the admin area. */
export function AdminAuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="auth-screen">
      <div className="auth-card">
        <Logo />
        <p className="admin-tag">Admin</p>
        <h1>{title}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
        {children}
      </div>
    </main>
  );
}
