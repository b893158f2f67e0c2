import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '@/lib/auth/require-auth';
import type { ChatMessage } from '@/lib/chat/chat-socket';
import { FakeWebSocket } from '@/testing/fake-web-socket';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { ChatPage, type ChatScreenState } from './chat-page';

const routes = [
  { path: '/chat/:roomId', element: <RequireAuth><ChatPage /></RequireAuth> },
  { path: '/messages', element: <p>messages list</p> },
];

const room = {
  room_id: 'r-1', recipient_id: 'u-2', recipient_profile_username: 'labelboss', recipient_profile_image: '',
  last_message: 'hi', last_message_at: '2026-11-23T18:30:00.000Z', unread: 2,
};
const api = {
  'GET /user/profile': { status: 200, body: sampleProfile },
  'GET /user/get-rooms': { status: 200, body: { rooms: [room] } },
};
const state: ChatScreenState = { roomId: 'r-1', otherUserId: 'u-2', userId: 'u-1', otherUsername: 'labelboss', otherProfilePicture: '' };

let seq = 0;
function msg(from: 'me' | 'them', content: string, id = `0190-${String(++seq).padStart(4, '0')}`): ChatMessage {
  return { id, room_id: 'r-1', sender_id: from === 'me' ? 'u-1' : 'u-2', content, created_at: '2026-11-23T18:30:00.123Z' };
}

type Frame = Record<string, unknown>;

/**
 * Plays the chat server on the fake socket: every socket opens by itself, history answers
 * fetchMessages (a page per `before`), and `onSend` decides what a sendMessage gets back.
 */
function serveChat({
  pages = { '': [] as ChatMessage[] } as Record<string, ChatMessage[]>,
  onSend = (frame: Frame, socket: FakeWebSocket) => {
    const stored = { ...msg('me', String(frame.content)), clientId: frame.clientId };
    socket.push({ event: 'ack', data: { clientId: frame.clientId, id: stored.id } });
    socket.push({ event: 'receiveMessage', data: stored });
  },
} = {}) {
  FakeWebSocket.autoAccept = true;
  FakeWebSocket.autoAnswers = [
    (frame, socket) => {
      if (frame.action === 'fetchMessages') socket.push({ event: 'recentMessages', data: pages[String(frame.before ?? '')] ?? [] });
      if (frame.action === 'sendMessage') onSend(frame, socket);
      if (frame.action === 'markRead') socket.push({ event: 'read', data: { roomId: frame.roomId } });
    },
  ];
}

const thread = () => screen.findByRole('list', { name: 'Messages' });
const bubbles = () => within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem').map((li) => li.querySelector('p')!.textContent);
const sent = (action: string) => FakeWebSocket.instances.flatMap((s) => s.sentOf(action));

afterEach(() => {
  vi.useRealTimers();
});

describe('chat screen', () => {
  it('joins, shows the history oldest first and marks the room read', async () => {
    serveChat({ pages: { '': [msg('them', 'hello'), msg('me', 'hey you')] } });
    mockApi(api);
    renderRoutes(routes, { pathname: '/chat/r-1', state });
    await thread();
    expect(bubbles()).toEqual(['hello', 'hey you']);
    expect(screen.getByRole('link', { name: '@labelboss' })).toHaveAttribute('href', '/profile/u-2');
    expect(sent('joinChat')).toEqual([{ action: 'joinChat', userId: 'u-1' }]);
    expect(sent('fetchMessages')).toEqual([{ action: 'fetchMessages', roomId: 'r-1' }]);
    expect(sent('markRead')).toEqual([{ action: 'markRead', roomId: 'r-1' }]);
  });

  it('finds whom the room is with in the room list when opened without navigation state (a reload)', async () => {
    serveChat({ pages: { '': [msg('them', 'still here')] } });
    mockApi(api);
    renderRoutes(routes, '/chat/r-1');
    await thread();
    expect(screen.getByRole('link', { name: '@labelboss' })).toBeInTheDocument();
    expect(bubbles()).toEqual(['still here']);
  });

  it('says the conversation is not found for a room that is not yours', async () => {
    serveChat();
    mockApi(api);
    renderRoutes(routes, '/chat/r-9');
    expect(await screen.findByRole('alert')).toHaveTextContent('Conversation not found.');
    expect(screen.getByRole('link', { name: 'Back to Messages' })).toHaveAttribute('href', '/messages');
  });

  it('shows a sent message at once, then as stored once acknowledged', async () => {
    let answer!: () => void;
    serveChat({
      onSend: (frame, socket) => {
        answer = () => {
          const stored = { ...msg('me', String(frame.content), '0190-9999'), clientId: frame.clientId };
          socket.push({ event: 'receiveMessage', data: stored });
          socket.push({ event: 'ack', data: { clientId: frame.clientId, id: stored.id } });
        };
      },
    });
    mockApi(api);
    const user = userEvent.setup();
    renderRoutes(routes, { pathname: '/chat/r-1', state });
    await screen.findByText('No messages yet.');
    await user.type(screen.getByLabelText('Message'), '  Good evening  {Enter}');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(bubbles()).toEqual(['Good evening']);
    expect(screen.getByText('Sending...')).toBeInTheDocument();
    const [frame] = sent('sendMessage');
    expect(frame).toEqual({ action: 'sendMessage', content: 'Good evening', roomId: 'r-1', receiverId: 'u-2', clientId: expect.any(String) });
    act(() => answer());
    await waitFor(() => expect(screen.queryByText('Sending...')).not.toBeInTheDocument());
    expect(bubbles()).toEqual(['Good evening']);
  });

  it('takes the message off with "Server response timeout after 5 seconds" when no ack comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveChat({ onSend: () => {} });
    mockApi(api);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(routes, { pathname: '/chat/r-1', state });
    await screen.findByText('No messages yet.');
    await user.type(screen.getByLabelText('Message'), 'anyone?{Enter}');
    expect(bubbles()).toEqual(['anyone?']);
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(bubbles()).toEqual(['anyone?']);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('alert')).toHaveTextContent('Server response timeout after 5 seconds');
    expect(screen.queryByRole('list', { name: 'Messages' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('anyone?');
  });

  it('takes the message off and says why on an error ack', async () => {
    serveChat({ onSend: (frame, socket) => socket.push({ event: 'ack', data: { clientId: frame.clientId, error: 'Room not found' } }) });
    mockApi(api);
    const user = userEvent.setup();
    renderRoutes(routes, { pathname: '/chat/r-1', state });
    await screen.findByText('No messages yet.');
    await user.type(screen.getByLabelText('Message'), 'hello{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Room not found');
    expect(screen.queryByRole('list', { name: 'Messages' })).not.toBeInTheDocument();
  });

  it('says "too fast" and holds Send until the room takes messages again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const tooFast = 'You are sending messages too fast. Please wait a few seconds.';
    serveChat({ onSend: (frame, socket) => socket.push({ event: 'ack', data: { clientId: frame.clientId, error: tooFast, retryAfter: 3 } }) });
    mockApi(api);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(routes, { pathname: '/chat/r-1', state });
    await screen.findByText('No messages yet.');
    await user.type(screen.getByLabelText('Message'), 'again{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(tooFast);
    expect(screen.getByLabelText('Message')).toHaveValue('again');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(screen.getByLabelText('Message'), '{Enter}');
    expect(sent('sendMessage')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a message over 2,000 characters without sending it', async () => {
    serveChat();
    mockApi(api);
    renderRoutes(routes, { pathname: '/chat/r-1', state });
    await screen.findByText('No messages yet.');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'a'.repeat(2001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Message is too long');
    expect(sent('sendMessage')).toEqual([]);
  });

  it('shows the other\'s messages the moment they arrive and marks them read', async () => {
    serveChat({ pages: { '': [msg('them', 'first')] } });
    mockApi(api);
    renderRoutes(routes, { pathname: '/chat/r-1', state });
    await thread();
    act(() => FakeWebSocket.latest().push({ event: 'receiveMessage', data: msg('them', 'just now') }));
    act(() => FakeWebSocket.latest().push({ event: 'receiveMessage', data: { ...msg('them', 'elsewhere'), room_id: 'r-2' } }));
    await waitFor(() => expect(bubbles()).toEqual(['first', 'just now']));
    expect(sent('markRead')).toHaveLength(2);
  });

  it('loads the 50 before the oldest on scrolling up, above what was shown', async () => {
    const newest = Array.from({ length: 50 }, (_, i) => msg('them', `new ${i}`, `0190-b${String(i).padStart(3, '0')}`));
    const older = [msg('them', 'oldest', '0190-a001'), msg('me', 'older reply', '0190-a002')];
    serveChat({ pages: { '': newest, '0190-b000': older } });
    mockApi(api);
    renderRoutes(routes, { pathname: '/chat/r-1', state });
    await thread();
    const list = screen.getByRole('list', { name: 'Messages' }).parentElement!;
    list.scrollTop = 0;
    fireEvent.scroll(list);
    await waitFor(() => expect(bubbles()).toHaveLength(52));
    expect(bubbles().slice(0, 3)).toEqual(['oldest', 'older reply', 'new 0']);
    expect(sent('fetchMessages')).toEqual([
      { action: 'fetchMessages', roomId: 'r-1' },
      { action: 'fetchMessages', roomId: 'r-1', before: '0190-b000' },
    ]);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it('reconnects, then goes offline with Retry, and catches up once connected again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = msg('them', 'before the cut');
    serveChat({ pages: { '': [first] } });
    mockApi(api);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(routes, { pathname: '/chat/r-1', state });
    await thread();
    FakeWebSocket.autoAccept = false;
    act(() => FakeWebSocket.latest().drop());
    expect(screen.getByText('Reconnecting...')).toBeInTheDocument();
    for (let i = 0; i < 5; i++) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
      act(() => FakeWebSocket.latest().refuse());
    }
    expect(screen.getByRole('alert')).toHaveTextContent("You're offline. Trying again every 5 seconds.");
    expect(bubbles()).toEqual(['before the cut']);

    FakeWebSocket.autoAccept = true;
    serveChat({ pages: { '': [first, msg('them', 'while you were away')] } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bubbles()).toEqual(['before the cut', 'while you were away']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sent('joinChat')).toHaveLength(2);
  });
});

