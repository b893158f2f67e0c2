import { lazy, Suspense, useCallback, useState } from 'react';
import { Feed } from '@/features/feed/components/feed';
import { HomeTopBar, type FeedTab } from './home-top-bar';

/** The popup opens only after the first paint (useAfterFirstPaint), so its code loads beside the feed, not before it. */
const SubscriptionPopup = lazy(() => import('./subscription-popup').then((m) => ({ default: m.SubscriptionPopup })));
/** The side menu loads when it is first opened: the feed's first slide does not wait for it. */
const SideMenu = lazy(() => import('@/components/layouts/side-menu').then((m) => ({ default: m.SideMenu })));

/**
 * /home (spec §2 "Home feed"): the top bar with the Audio/Video switch (Audio first), the side
 * menu, the subscription popup, and the chosen tab's snap-scrolling feed. Switching tabs starts that feed at its top.
 */
export function HomePage() {
  const [tab, setTab] = useState<FeedTab>('audio');
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <div className="home">
      <HomeTopBar tab={tab} onTabChange={setTab} onOpenMenu={() => setMenuOpen(true)} />
      {menuOpen && (
        <Suspense fallback={null}>
          <SideMenu open onClose={closeMenu} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <SubscriptionPopup />
      </Suspense>
      <section id="home-feed-panel" role="tabpanel" aria-labelledby={`home-tab-${tab}`} className="home-feed">
        <Feed key={tab} tab={tab} />
      </section>
    </div>
  );
}
