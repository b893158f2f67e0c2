import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-web-socket';
import { ChatError, ChatSocket, MISSING_DATA, NOT_CONNECTED, SEND_TIMEOUT, TOO_LONG, type ChatStatus } from './chat-socket';

function open(overrides: Partial<ConstructorParameters<typeof ChatSocket>[0]> = {}) {
  const statuses: ChatStatus[] = [];
  let n = 0;
  const socket = new ChatSocket({
    url: 'ws://app.test/ws',
    userId: 'u-1',
    createSocket: (url) => new FakeWebSocket(url) as unknown as WebSocket,
    newClientId: () => `c-${++n}`,
    ...overrides,
  });
  socket.onStatus((s) => statuses.push(s));
  socket.start();
  return { socket, statuses };
}

const message = (id: string, extra: object = {}) => ({
  id, room_id: 'r-1', sender_id: 'u-2', content: `hello ${id}`, created_at: '2026-11-23T18:30:00.123Z', ...extra,
});

/** Lets the rejections and resolutions queued by a timer or frame run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  FakeWebSocket.reset();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ChatSocket connecting', () => {
  it('joins the chat with its user id as soon as the socket opens', () => {
    const { socket, statuses } = open();
    expect(FakeWebSocket.latest().url).toBe('ws://app.test/ws');
    expect(socket.status).toBe('connecting');
    FakeWebSocket.latest().accept();
    expect(FakeWebSocket.latest().sent).toEqual([{ action: 'joinChat', userId: 'u-1' }]);
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('reconnects 5 times 1 s apart, then goes offline and tries every 5 s', async () => {
    const { socket, statuses } = open();
    FakeWebSocket.latest().refuse();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(socket.status).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(999);
      expect(FakeWebSocket.instances).toHaveLength(attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeWebSocket.instances).toHaveLength(attempt + 1);
      FakeWebSocket.latest().refuse();
    }
    expect(socket.status).toBe('offline');
    expect(statuses).toEqual(['connecting', 'reconnecting', 'offline']);
    await vi.advanceTimersByTimeAsync(4999);
    expect(FakeWebSocket.instances).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(7);
    expect(socket.status).toBe('offline');
    FakeWebSocket.latest().accept();
    expect(socket.status).toBe('open');
    expect(FakeWebSocket.latest().sentOf('joinChat')).toHaveLength(1);
  });

  it('counts attempts afresh after a connection succeeded', async () => {
    const { socket } = open();
    FakeWebSocket.latest().refuse();
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      FakeWebSocket.latest().refuse();
    }
    await vi.advanceTimersByTimeAsync(1000);
    FakeWebSocket.latest().accept();
    FakeWebSocket.latest().drop();
    expect(socket.status).toBe('reconnecting');
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      FakeWebSocket.latest().refuse();
    }
    expect(socket.status).toBe('reconnecting');
  });

  it('retry connects at once from the offline state with five fresh attempts', async () => {
    const { socket } = open({ reconnectAttempts: 0 });
    FakeWebSocket.latest().refuse();
    expect(socket.status).toBe('offline');
    socket.retry();
    expect(socket.status).toBe('connecting');
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().accept();
    expect(socket.status).toBe('open');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('close stops reconnecting and fails what is pending', async () => {
    const { socket } = open();
    FakeWebSocket.latest().accept();
    const { ack } = socket.send({ content: 'hi', roomId: 'r-1', receiverId: 'u-2' });
    const fetched = socket.fetchMessages('r-1');
    socket.close();
    await expect(ack).rejects.toThrow(NOT_CONNECTED);
    await expect(fetched).rejects.toThrow(NOT_CONNECTED);
    expect(FakeWebSocket.latest().closedByClient).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.status).toBe('closed');
  });
});

describe('ChatSocket sending', () => {
  it('sends the trimmed message with its client id and resolves with the ack', async () => {
    const { socket } = open();
    const server = FakeWebSocket.latest();
    server.accept();
    const { clientId, ack } = socket.send({ content: '  hi there \n', roomId: 'r-1', receiverId: 'u-2' });
    expect(clientId).toBe('c-1');
    expect(server.sentOf('sendMessage')).toEqual([
      { action: 'sendMessage', content: 'hi there', roomId: 'r-1', receiverId: 'u-2', clientId: 'c-1' },
    ]);
    server.push({ event: 'ack', data: { clientId: 'c-2', id: 'other' } });
    server.push({ event: 'ack', data: { clientId: 'c-1', id: 'm-9' } });
    await expect(ack).resolves.toEqual({ clientId: 'c-1', id: 'm-9' });
  });

  it('rejects with the spec text when no ack comes within 5 s', async () => {
    const { socket } = open();
    FakeWebSocket.latest().accept();
    const { ack } = socket.send({ content: 'hi', roomId: 'r-1', receiverId: 'u-2' });
    const outcome = ack.then(() => 'acked', (e: ChatError) => e.message);
    await vi.advanceTimersByTimeAsync(4999);
    FakeWebSocket.latest().push({ event: 'ack', data: { clientId: 'someone-else', id: 'x' } });
    await settle();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe(SEND_TIMEOUT);
    // An ack after the timeout changes nothing.
    FakeWebSocket.latest().push({ event: 'ack', data: { clientId: 'c-1', id: 'late' } });
  });

  it('rejects with the error text of an error ack', async () => {
    const { socket } = open();
    FakeWebSocket.latest().accept();
    const { ack } = socket.send({ content: 'hi', roomId: 'r-1', receiverId: 'u-2' });
    FakeWebSocket.latest().push({ event: 'ack', data: { clientId: 'c-1', error: 'Room not found' } });
    await expect(ack).rejects.toThrow('Room not found');
  });

  it.each([
    ['blank content', { content: '  \n ', roomId: 'r-1', receiverId: 'u-2' }, MISSING_DATA],
    ['no room', { content: 'hi', roomId: '', receiverId: 'u-2' }, MISSING_DATA],
    ['no receiver', { content: 'hi', roomId: 'r-1', receiverId: '' }, MISSING_DATA],
    ['2,001 characters', { content: 'a'.repeat(2001), roomId: 'r-1', receiverId: 'u-2' }, TOO_LONG],
  ])('refuses %s without sending', async (_name, input, text) => {
    const { socket } = open();
    FakeWebSocket.latest().accept();
    await expect(socket.send(input).ack).rejects.toThrow(text);
    expect(FakeWebSocket.latest().sentOf('sendMessage')).toEqual([]);
  });

  it('counts 2,000 emoji as 2,000 characters', async () => {
    const { socket } = open();
    FakeWebSocket.latest().accept();
    socket.send({ content: '🎵'.repeat(2000), roomId: 'r-1', receiverId: 'u-2' });
    expect(FakeWebSocket.latest().sentOf('sendMessage')).toHaveLength(1);
  });

  it('fails at once with "Not connected to server" while the socket is not open', async () => {
    const { socket } = open();
    await expect(socket.send({ content: 'hi', roomId: 'r-1', receiverId: 'u-2' }).ack).rejects.toThrow(NOT_CONNECTED);
    expect(FakeWebSocket.latest().sent).toEqual([]);
  });
});

describe('ChatSocket fetching and events', () => {
  it('waits for the connection, then answers a fetch with the room\'s recentMessages', async () => {
    const { socket } = open();
    const fetched = socket.fetchMessages('r-1', 'm-50');
    const server = FakeWebSocket.latest();
    server.accept();
    expect(server.sentOf('fetchMessages')).toEqual([{ action: 'fetchMessages', roomId: 'r-1', before: 'm-50' }]);
    server.push({ event: 'recentMessages', data: [message('m-1'), message('m-2')] });
    await expect(fetched).resolves.toEqual([message('m-1'), message('m-2')]);
  });

  it('answers an empty list to the oldest fetch and a room error to that room\'s fetch', async () => {
    const { socket } = open();
    const server = FakeWebSocket.latest();
    server.accept();
    const first = socket.fetchMessages('r-1', 'm-1');
    const other = socket.fetchMessages('r-2');
    server.push({ event: 'error', data: { message: 'Room not found', roomId: 'r-2' } });
    server.push({ event: 'recentMessages', data: [] });
    await expect(first).resolves.toEqual([]);
    await expect(other).rejects.toThrow('Room not found');
  });

  it('matches crossed answers to the fetch they fit: a page before an id, else the newest page', async () => {
    const { socket } = open();
    const server = FakeWebSocket.latest();
    server.accept();
    const newest = socket.fetchMessages('r-1');
    const older = socket.fetchMessages('r-1', 'm-5');
    server.push({ event: 'recentMessages', data: [message('m-1'), message('m-2')] });
    server.push({ event: 'recentMessages', data: [message('m-5'), message('m-9')] });
    await expect(older).resolves.toEqual([message('m-1'), message('m-2')]);
    await expect(newest).resolves.toEqual([message('m-5'), message('m-9')]);
  });

  it('fails a fetch when the connection drops and when none comes in 5 s', async () => {
    const { socket } = open();
    FakeWebSocket.latest().accept();
    const dropped = socket.fetchMessages('r-1');
    FakeWebSocket.latest().drop();
    await expect(dropped).rejects.toThrow(NOT_CONNECTED);
    await vi.advanceTimersByTimeAsync(1000);
    FakeWebSocket.latest().accept();
    const silent = socket.fetchMessages('r-1').catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await silent).toBe(SEND_TIMEOUT);
  });

  it('refuses fetches at once while offline', async () => {
    const { socket } = open({ reconnectAttempts: 0 });
    FakeWebSocket.latest().refuse();
    await expect(socket.fetchMessages('r-1')).rejects.toThrow(NOT_CONNECTED);
  });

  it('hands every frame to listeners and ignores frames that are not JSON', () => {
    const { socket } = open();
    const events: unknown[] = [];
    socket.onEvent((e) => events.push(e));
    const server = FakeWebSocket.latest();
    server.accept();
    server.push('not json');
    server.push({ event: 'receiveMessage', data: message('m-3', { clientId: 'x' }) });
    server.push({ event: 'read', data: { roomId: 'r-1' } });
    expect(events).toEqual([
      { event: 'receiveMessage', data: message('m-3', { clientId: 'x' }) },
      { event: 'read', data: { roomId: 'r-1' } },
    ]);
  });

  it.each([
    ['an error ack', { event: 'ack', data: { clientId: 'c-1', error: NOT_CONNECTED } }],
    ['an error event', { event: 'error', data: { message: NOT_CONNECTED } }],
  ])('connects afresh at once when %s says the server no longer knows the connection', async (_name, frame) => {
    const { socket } = open();
    const first = FakeWebSocket.latest();
    first.accept();
    const { ack } = socket.send({ content: 'hi', roomId: 'r-1', receiverId: 'u-2' });
    const outcome = ack.catch((e: Error) => e.message);
    first.push(frame);
    expect(first.closedByClient).toBe(true);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(socket.status).toBe('reconnecting');
    FakeWebSocket.latest().accept();
    expect(socket.status).toBe('open');
    expect(FakeWebSocket.latest().sentOf('joinChat')).toHaveLength(1);
    if (frame.event === 'ack') expect(await outcome).toBe(NOT_CONNECTED);
  });

  it('sends markRead only while open', () => {
    const { socket } = open();
    socket.markRead('r-1');
    const server = FakeWebSocket.latest();
    server.accept();
    socket.markRead('r-1');
    expect(server.sentOf('markRead')).toEqual([{ action: 'markRead', roomId: 'r-1' }]);
  });
});
