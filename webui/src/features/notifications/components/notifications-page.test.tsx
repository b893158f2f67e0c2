import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '@/lib/auth/require-auth';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import type { AppNotification, Pagination } from '@/types/api';
import { NotificationsPage } from './notifications-page';

const routes = [
  { path: '/activity', element: <RequireAuth><NotificationsPage /></RequireAuth> },
  { path: '/music/:id', element: <p>Audio page</p> },
  { path: '/videos/:id', element: <p>Video page</p> },
  { path: '/profile/:id', element: <p>Profile page</p> },
];

/** Holds calls to `path` until release() is called, so the in-between state can be seen. */
function holdRequests(fetchMock: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>, path: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input)).pathname.endsWith(path)) await gate;
    return fetchMock(input, init);
  });
  return release;
}

const me = { 'GET /user/profile': { status: 200, body: sampleProfile } };

function note(id: string, change: Partial<AppNotification> = {}): AppNotification {
  return {
    id, type: 'LIKE', name: 'tunde', message: 'liked your audio', timestamp: '', read: true,
    post_id: 'a-1', post_type: 'audio', action_user_id: 'u-9', action_user_image: '', ...change,
  };
}

function page(notifications: AppNotification[], unread: number, next: string | null = null) {
  const pagination: Pagination = { total: 0, totalPages: 1, currentPage: 1, hasNext: next !== null, hasPrev: false, next };
  return { status: 200, body: { notifications, unread, pagination } };
}

describe('notifications /activity', () => {
  it('shows the empty state and the Zuum News link', async () => {
    mockApi({ ...me, 'GET /notifications': page([], 0) });
    renderRoutes(routes, '/activity');
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
    expect(screen.getByText("We'll notify you when something happens")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Zuum News/ })).toHaveAttribute('href', '/zuum-news');
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('shows loading, then "Error: ..." with the catalogue text', async () => {
    mockApi({ ...me, 'GET /notifications': { status: 500, body: { message: 'boom' } } });
    renderRoutes(routes, '/activity');
    expect(await screen.findByText('Loading notifications...')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Server error: Please try again later');
  });

  it('lists name, message, time or "Recently", with unread ones highlighted', async () => {
    const recent = new Date(Date.now() - 5 * 60_000).toISOString();
    mockApi({
      ...me,
      'GET /notifications': page([
        note('n1', { read: false, name: 'ada', message: 'started following you', type: 'FOLLOW', timestamp: recent, action_user_image: '/public/a.jpg' }),
        note('n2'),
      ], 1),
    });
    renderRoutes(routes, '/activity');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveClass('unread');
    expect(first).toHaveTextContent('Unread: ada started following you5 minutes ago');
    expect(first).toHaveAttribute('href', '/profile/u-9');
    expect(first.querySelector('img')).toHaveAttribute('src', 'http://localhost:3000/public/a.jpg');
    expect(second).not.toHaveClass('unread');
    expect(second).toHaveTextContent('tunde liked your audioRecently');
    expect(second).toHaveAttribute('href', '/music/a-1');
  });

  it('marks an unread one read when tapped, then opens its post', async () => {
    const { calls } = mockApi({
      ...me,
      'GET /notifications': page([note('n1', { read: false, type: 'POST_VIDEO', post_type: 'video', post_id: 'v-7' })], 1),
      'POST /notifications/n1/read': { status: 200, body: { message: 'Notification marked as read.' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/activity');
    await user.click(await screen.findByRole('link', { name: /liked your audio/ }));
    expect(await screen.findByText('Video page')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/notifications/n1/read')).toBe(true));
  });

  it('does not call the server for one already read', async () => {
    const { calls } = mockApi({ ...me, 'GET /notifications': page([note('n2')], 0) });
    const user = userEvent.setup();
    renderRoutes(routes, '/activity');
    await user.click(await screen.findByRole('link', { name: /liked your audio/ }));
    expect(await screen.findByText('Audio page')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('marks all as read at once and keeps it when the server agrees', async () => {
    let allRead = false;
    const { calls } = mockApi({
      ...me,
      'GET /notifications': () => page([note('n1', { read: allRead }), note('n2', { read: allRead })], allRead ? 0 : 2),
      'POST /notifications/read-all': () => {
        allRead = true;
        return { status: 200, body: { message: 'All notifications marked as read.' } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/activity');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('link').filter((l) => l.classList.contains('unread'))).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(within(list).getAllByRole('link').filter((l) => l.classList.contains('unread'))).toHaveLength(0));
    expect(calls.some((c) => c.path === '/notifications/read-all')).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled());
  });

  it('clears the highlight at once, and puts it back with the reason when "Mark all as read" fails', async () => {
    const { fetchMock } = mockApi({
      ...me,
      'GET /notifications': page([note('n1', { read: false })], 1),
      'POST /notifications/read-all': { status: 500, body: { message: 'Server error. Please try again later.' } },
    });
    const release = holdRequests(fetchMock, '/notifications/read-all');
    const user = userEvent.setup();
    renderRoutes(routes, '/activity');
    expect(await screen.findByRole('link', { name: /liked your audio/ })).toHaveClass('unread');
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(screen.getByRole('link', { name: /liked your audio/ })).not.toHaveClass('unread');
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Server error: Please try again later');
    expect(screen.getByRole('link', { name: /liked your audio/ })).toHaveClass('unread');
  });

  it('loads more by cursor', async () => {
    let served = 0;
    const { fetchMock } = mockApi({
      ...me,
      'GET /notifications': () => {
        served += 1;
        return served === 1 ? page([note('n1', { message: 'first page' })], 0, 'cur-2') : page([note('n2', { message: 'second page' })], 0);
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/activity');
    expect(await screen.findByText('first page')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('second page')).toBeInTheDocument();
    expect(screen.getByText('first page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([input]) => new URL(String(input))).filter((u) => u.pathname.endsWith('/notifications'));
    expect(urls.map((u) => u.searchParams.get('cursor'))).toEqual([null, 'cur-2']);
  });
});
