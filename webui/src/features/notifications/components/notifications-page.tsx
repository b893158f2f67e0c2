import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { messageFor } from '@/lib/error-message';
import type { AppNotification } from '@/types/api';
import { notificationErrors, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';
import { notificationTarget, notificationTime } from '../notification-format';
import './notifications.css';

function NotificationBody({ n }: { n: AppNotification }) {
  return (
    <>
      <Avatar src={n.action_user_image} alt="" size={44} />
      <span className="notification-text">
        {!n.read && <span className="visually-hidden">Unread: </span>}
        <strong>{n.name}</strong> <span>{n.message}</span>
        <time dateTime={n.timestamp || undefined}>{notificationTime(n.timestamp)}</time>
      </span>
      {!n.read && <span className="unread-dot" aria-hidden="true" />}
    </>
  );
}

function NotificationItem({ n, onOpen }: { n: AppNotification; onOpen: (n: AppNotification) => void }) {
  const target = notificationTarget(n);
  const className = `notification${n.read ? '' : ' unread'}`;
  return (
    <li>
      {target ? (
        <Link to={target} className={className} onClick={() => onOpen(n)}>
          <NotificationBody n={n} />
        </Link>
      ) : (
        <button type="button" className={className} onClick={() => onOpen(n)}>
          <NotificationBody n={n} />
        </button>
      )}
    </li>
  );
}

/** /activity: notifications, newest first (spec part 1 §2 Notifications). */
export function NotificationsPage() {
  const query = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const notifications = query.data?.pages.flatMap((p) => p.notifications ?? []) ?? [];
  // `unread` counts one page (functions/README.md); pages not loaded yet may hold more.
  const anyUnread = notifications.some((n) => !n.read) || query.hasNextPage;

  // Tapping an unread one marks it read; the link then opens what it is about.
  const open = (n: AppNotification) => {
    if (!n.read) markRead.mutate(n.id);
  };

  return (
    <section className="notifications-page">
      <header className="notifications-header">
        <h1>Notifications</h1>
        {notifications.length > 0 && (
          <Button variant="secondary" onClick={() => markAll.mutate()} disabled={!anyUnread || markAll.isPending}>
            Mark all as read
          </Button>
        )}
      </header>
      <Link to={paths.news} className="zuum-news-link">
        <strong>Zuum News</strong>
        <span className="muted">Stories and updates from the Zuum team</span>
      </Link>
      {markAll.isError && <Alert>Error: {messageFor(markAll.error, notificationErrors)}</Alert>}
      {query.isPending ? (
        <Spinner label="Loading notifications..." />
      ) : !query.data ? (
        <Alert>Error: {messageFor(query.error, notificationErrors)}</Alert>
      ) : notifications.length === 0 ? (
        <div className="empty-state">
          <h2>No notifications yet</h2>
          <p className="muted">We'll notify you when something happens</p>
        </div>
      ) : (
        <>
          <ul className="notification-list" aria-label="Notifications">
            {notifications.map((n) => (
              <NotificationItem key={n.id} n={n} onOpen={open} />
            ))}
          </ul>
          {query.isFetchNextPageError && <Alert>Error: {messageFor(query.error, notificationErrors)}</Alert>}
          {query.hasNextPage && (
            <Button variant="ghost" block onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
