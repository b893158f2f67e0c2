import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Icon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { useLogout } from '@/lib/auth/logout';
import type { ProfileSummary } from '@/types/api';

/** Spec §9: the sidebar previews 3 followed profiles. */
const PREVIEW = 3;

function asSummary(entry: ProfileSummary | string): ProfileSummary {
  return typeof entry === 'string' ? { id: entry, username: 'Profile', image: '' } : entry;
}

/** Sidebar (spec §2): menu, followed profiles, company/product/help links. */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data: profile } = useCurrentProfile();
  const logout = useLogout();
  const following = (profile?.following_list ?? []).map(asSummary);
  // The profile carries only the first few of the list; the count says how many there are.
  const followingCount = Math.max(profile?.following_count ?? 0, following.length);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <>
      <div className="overlay" data-testid="sidebar-overlay" onClick={onClose} aria-hidden="true" />
      <aside className="side-menu" aria-label="Sidebar">
        <button type="button" className="icon-button" aria-label="Close menu" onClick={onClose}>
          <Icon name="close" />
        </button>
        <nav aria-label="Menu">
          <Link to={paths.home} onClick={onClose}>Home</Link>
          <Link to={paths.search} onClick={onClose}>Search</Link>
          <Link to={paths.myPromotions} onClick={onClose}>Promotions</Link>
          <Link to={paths.settings} onClick={onClose}>Settings</Link>
          <button type="button" className="link-button" onClick={() => logout.mutate()} disabled={logout.isPending}>
            Log Out
          </button>
        </nav>
        <section aria-labelledby="following-heading">
          <h2 id="following-heading">Following</h2>
          {following.length === 0 && <p className="muted">You're not following anyone yet.</p>}
          <ul className="following-list">
            {following.slice(0, PREVIEW).map((f) => (
              <li key={f.id}>
                <Link to={paths.profile(f.id)} onClick={onClose}>
                  <Avatar src={f.image} alt="" size={32} />
                  <span>{f.username}</span>
                </Link>
              </li>
            ))}
          </ul>
          {followingCount > PREVIEW && <Link to={paths.following} onClick={onClose}>See More</Link>}
        </section>
        <nav aria-label="Company">
          <h2>Company</h2>
          <Link to={paths.instantShare} onClick={onClose}>Instant Share</Link>
          <Link to={paths.promotion} onClick={onClose}>Music Promotion</Link>
          <Link to={paths.news} onClick={onClose}>News</Link>
          <Link to={paths.contact} onClick={onClose}>Contact</Link>
          <Link to={paths.about} onClick={onClose}>About</Link>
        </nav>
        <nav aria-label="Help">
          <h2>Help</h2>
          <Link to={paths.faq} onClick={onClose}>FAQ</Link>
          <Link to={paths.support} onClick={onClose}>Support Centre</Link>
        </nav>
      </aside>
    </>
  );
}
