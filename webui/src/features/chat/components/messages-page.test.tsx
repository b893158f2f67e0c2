import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '@/components/layouts/app-shell';
import { RequireAuth } from '@/lib/auth/require-auth';
import { FakeWebSocket } from '@/testing/fake-web-socket';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { MessagesPage, NO_CONVERSATIONS } from './messages-page';

function ChatStand() {
  const location = useLocation();
  return <p>chat {location.pathname} {JSON.stringify(location.state)}</p>;
}

const routes = [
  {
    element: <RequireAuth><AppShell /></RequireAuth>,
    children: [
      { path: '/messages', element: <MessagesPage /> },
      { path: '/message', element: <MessagesPage /> },
      { path: '/home', element: <p>home</p> },
      { path: '/chat/:roomId', element: <ChatStand /> },
    ],
  },
];

const room = (id: string, unread: number, extra: object = {}) => ({
  room_id: id, recipient_id: `u-${id}`, recipient_profile_username: `user_${id}`, recipient_profile_image: '',
  last_message: `last in ${id}`, last_message_at: new Date().toISOString(), unread, ...extra,
});
const me = { 'GET /user/profile': { status: 200, body: sampleProfile } };
const tab = () => screen.getByRole('link', { name: /^Message/ });

describe('conversations', () => {
  it('lists each room with avatar, name, last message, time and unread badge, and opens it with whom it is with', async () => {
    mockApi({
      ...me,
      'GET /user/get-rooms': { status: 200, body: { rooms: [room('r-1', 2), room('r-2', 0, { last_message: '', last_message_at: null })] } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/messages');
    const rows = await screen.findAllByRole('link', { name: /@user_r/ });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('last in r-1')).toBeInTheDocument();
    expect(within(rows[0]).getByLabelText('2 unread')).toHaveTextContent('2');
    expect(rows[0].querySelector('img.avatar')).toBeInTheDocument();
    expect(rows[0].querySelector('time')).not.toBeEmptyDOMElement();
    expect(rows[1].querySelector('time')).toBeEmptyDOMElement();
    expect(within(rows[1]).queryByLabelText(/unread/)).not.toBeInTheDocument();
    expect(rows[0]).toHaveAttribute('href', '/chat/r-1');
    await user.click(rows[0]);
    const chat = await screen.findByText(/^chat \/chat\/r-1/);
    expect(JSON.parse(chat.textContent!.replace('chat /chat/r-1 ', ''))).toEqual({
      roomId: 'r-1', otherUserId: 'u-r-1', userId: 'u-1', otherUsername: 'user_r-1', otherProfilePicture: '',
    });
  });

  it(`says "${NO_CONVERSATIONS}" when there are none, at /message too`, async () => {
    mockApi({ ...me, 'GET /user/get-rooms': { status: 200, body: { rooms: [] } } });
    renderRoutes(routes, '/message');
    expect(await screen.findByText(NO_CONVERSATIONS)).toBeInTheDocument();
    expect(tab()).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    [{ status: 500, body: { message: '' } }, 'Failed to fetch rooms.'],
    ['network-error' as const, 'Failed to fetch rooms.'],
    [{ status: 403, body: { message: 'Some reason' } }, 'Some reason'],
    [{ status: 502, body: {} }, 'An unexpected error occurred'],
  ])('explains a failed list (%j)', async (reply, text) => {
    mockApi({ ...me, 'GET /user/get-rooms': reply });
    renderRoutes(routes, '/messages');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('while the socket is offline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls the conversations every 5 s, and only then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({ ...me, 'GET /user/get-rooms': { status: 200, body: { rooms: [room('r-1', 1)] } } });
    renderRoutes(routes, '/messages');
    await screen.findByText('last in r-1');
    const listed = () => calls.filter((c) => c.path === '/user/get-rooms').length;
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(listed()).toBe(1);
    FakeWebSocket.latest().refuse();
    for (let i = 0; i < 5; i++) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
      FakeWebSocket.latest().refuse();
    }
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(listed()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(listed()).toBe(3);
  });
});

describe('the Message tab', () => {
  it('counts unread messages, rises when one arrives and clears when the room is read', async () => {
    let rooms = [room('r-1', 2), room('r-2', 3)];
    const { calls } = mockApi({ ...me, 'GET /user/get-rooms': () => ({ status: 200, body: { rooms } }) });
    FakeWebSocket.autoAccept = true;
    renderRoutes(routes, '/home');
    await waitFor(() => expect(within(tab()).getByLabelText('5 unread')).toHaveTextContent('5'));

    rooms = [room('r-1', 3), room('r-2', 3)];
    act(() => FakeWebSocket.latest().push({ event: 'receiveMessage', data: { id: 'm', room_id: 'r-1', sender_id: 'u-r-1', content: 'yo', created_at: '' } }));
    await waitFor(() => expect(within(tab()).getByLabelText('6 unread')).toBeInTheDocument());

    rooms = [room('r-1', 0), room('r-2', 0)];
    act(() => FakeWebSocket.latest().push({ event: 'read', data: { roomId: 'r-1' } }));
    await waitFor(() => expect(within(tab()).queryByLabelText(/unread/)).not.toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/user/get-rooms')).toHaveLength(3);
  });
});
