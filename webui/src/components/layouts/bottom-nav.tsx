import { NavLink } from 'react-router-dom';
import { Icon, type IconName } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useUnreadMessages } from '@/lib/chat/get-rooms';

const items: Array<{ to: string; label: string; icon: IconName }> = [
  { to: paths.home, label: 'Home', icon: 'home' },
  { to: paths.message, label: 'Message', icon: 'message' },
  { to: paths.add, label: 'Add', icon: 'add' },
  { to: paths.activity, label: 'Activities', icon: 'activity' },
  { to: paths.ownProfile, label: 'Profile', icon: 'profile' },
];

/**
 * Bottom navigation (spec §2); the current route is highlighted and aria-current. The Message
 * tab shows how many messages are unread.
 */
export function BottomNav() {
  const unread = useUnreadMessages();
  return (
    <nav className="bottom-nav" aria-label="Main">
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} className={({ isActive }) => (isActive ? 'active' : undefined)}>
          <Icon name={item.icon} />
          <span>{item.label}</span>
          {item.to === paths.message && unread > 0 && (
            <span className="nav-badge" aria-label={`${unread} unread`}>{unread > 99 ? '99+' : unread}</span>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
