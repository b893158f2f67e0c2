import { Icon } from '@/components/ui/icons';

type Props = {
  items: string[];
  onPick: (search: string) => void;
  onRemove: (search: string) => void;
  onClear: () => void;
};

/** Spec part 1 §2 Search: the recent searches kept on this device, a Clear button, each one removable. */
export function RecentSearchList({ items, onPick, onRemove, onClear }: Props) {
  return (
    <section className="recent-searches" aria-labelledby="recent-searches-heading">
      <header className="recent-searches-header">
        <h2 id="recent-searches-heading">Recent searches</h2>
        {items.length > 0 && (
          <button type="button" className="link-button" onClick={onClear}>
            Clear
          </button>
        )}
      </header>
      {items.length === 0 ? (
        <p className="muted">No recent searches</p>
      ) : (
        <ul className="recent-search-list" aria-label="Recent searches">
          {items.map((search) => (
            <li key={search}>
              <button type="button" className="recent-search" onClick={() => onPick(search)}>
                {search}
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove "${search}" from recent searches`}
                onClick={() => onRemove(search)}
              >
                <Icon name="close" width={18} height={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
