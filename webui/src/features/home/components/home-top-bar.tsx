import { Link } from 'react-router-dom';
import { Icon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useDataSaver } from '@/lib/data-saver';
import { formatBytes, useDataUsed } from '@/lib/data-usage';
import './home.css';

export type FeedTab = 'audio' | 'video';

type Props = { tab: FeedTab; onTabChange: (tab: FeedTab) => void; onOpenMenu: () => void };

/**
 * Home top bar: /jet on the left, the Audio/Video switch, the data this session used (a link to
 * the setting, marked while data saver is on), search and the side-menu button.
 */
export function HomeTopBar({ tab, onTabChange, onOpenMenu }: Props) {
  const used = formatBytes(useDataUsed());
  const saver = useDataSaver();
  return (
    <header className="top-bar">
      <Link to={paths.instantShare} className="icon-button" aria-label="Instant share">
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
        <Link
          to={paths.settings}
          className="data-used"
          data-saver={saver || undefined}
          aria-label={`Data used this session: ${used}${saver ? ', data saver on' : ''}`}
        >
          {used}
        </Link>
        <Link to={paths.search} className="icon-button" aria-label="Search">
          <Icon name="search" />
        </Link>
        <button type="button" className="icon-button" aria-label="Open menu" onClick={onOpenMenu}>
          <Icon name="menu" />
        </button>
      </div>
    </header>
  );
}
