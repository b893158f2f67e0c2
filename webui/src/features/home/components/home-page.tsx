import { useCallback, useState } from 'react';
import { SideMenu } from '@/components/layouts/side-menu';
import { HomeTopBar, type FeedTab } from './home-top-bar';

/**
 * /home: the signed-in shell's first screen. The audio and video feeds arrive with the posts
 * API in the next issue; until then the tabs show an honest empty state, never a fake feed.
 */
export function HomePage() {
  const [tab, setTab] = useState<FeedTab>('audio');
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <div className="home">
      <HomeTopBar tab={tab} onTabChange={setTab} onOpenMenu={() => setMenuOpen(true)} />
      <SideMenu open={menuOpen} onClose={closeMenu} />
      <section className="feed-empty" role="tabpanel" aria-label={tab === 'audio' ? 'Audio feed' : 'Video feed'}>
        <div className="feed-empty-disc" aria-hidden="true" />
        <h1>Your feed is on its way</h1>
        <p className="muted">
          {tab === 'audio'
            ? 'Fresh tracks and beats from the artists you follow will play here.'
            : 'Short music videos from the community will play here.'}
        </p>
      </section>
    </div>
  );
}
