import { Link } from 'react-router-dom';
import { Icon } from '@/components/ui/icons';

export type FeedTab = 'audio' | 'video';

type Props = { tab: FeedTab; onTabChange: (tab: FeedTab) => void; onOpenMenu: () => void };

/** Home top bar: /jet on the left, the Audio/Video switch, search and the side-menu button. */
export function HomeTopBar({ tab, onTabChange, onOpenMenu }: Props) {
  return (
    <header className="top-bar">
      <Link to="/jet" className="icon-button" aria-label="Instant share">
        <Icon name="jet" />
      </Link>
      <div className="tab-switch" role="tablist" aria-label="Feed type">
        {(['audio', 'video'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`home-tab-${t}`}
            aria-controls="home-feed-panel"
            aria-selected={tab === t}
            className={tab === t ? 'active' : undefined}
            onClick={() => onTabChange(t)}
          >
            {t === 'audio' ? 'Audio' : 'Video'}
          </button>
        ))}
      </div>
      <div className="top-bar-actions">
        <Link to="/search" className="icon-button" aria-label="Search">
          <Icon name="search" />
        </Link>
        <button type="button" className="icon-button" aria-label="Open menu" onClick={onOpenMenu}>
          <Icon name="menu" />
        </button>
      </div>
    </header>
  );
}
