import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket as Client, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { ChatSocket, SEND_TIMEOUT, type ChatEvent, type ChatStatus } from './chat-socket';

/**
 * The client against a real WebSocket server on a local port, through ws's client (the
 * browser's WebSocket interface; jsdom's own mixes two Event classes under Vitest): the chat Lambda's frames, delays
 * shortened so a test takes well under a second.
 */
type Frame = Record<string, string>;

class ChatServer {
  readonly frames: Frame[] = [];
  silent = false;
  private server: WebSocketServer;
  port = 0;

  private constructor(server: WebSocketServer) {
    this.server = server;
    this.wire();
  }

  static async start(port = 0): Promise<ChatServer> {
    const server = new WebSocketServer({ host: '127.0.0.1', port });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const chat = new ChatServer(server);
    chat.port = (server.address() as AddressInfo).port;
    return chat;
  }

  get url() {
    return `ws://127.0.0.1:${this.port}/ws`;
  }

  private wire() {
    this.server.on('connection', (ws: ServerSocket) => {
      ws.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as Frame;
        this.frames.push(frame);
        if (this.silent) return;
        if (frame.action === 'joinChat') ws.send(JSON.stringify({ event: 'joined', data: { userId: frame.userId } }));
        if (frame.action === 'sendMessage') {
          const message = { id: `m-${this.frames.length}`, room_id: frame.roomId, sender_id: 'u-1', content: frame.content, created_at: new Date().toISOString() };
          ws.send(JSON.stringify({ event: 'receiveMessage', data: { ...message, clientId: frame.clientId } }));
          ws.send(JSON.stringify({ event: 'ack', data: { clientId: frame.clientId, id: message.id } }));
        }
      });
    });
  }

  /** Cuts every open connection, as a restarting gateway would. */
  dropAll() {
    for (const ws of this.server.clients) ws.terminate();
  }

  async stop() {
    this.dropAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Listens again on the same port. */
  async restart() {
    this.server = new WebSocketServer({ host: '127.0.0.1', port: this.port });
    await new Promise<void>((resolve) => this.server.once('listening', () => resolve()));
    this.wire();
  }

  joins() {
    return this.frames.filter((f) => f.action === 'joinChat').length;
  }
}

const servers: ChatServer[] = [];
const sockets: ChatSocket[] = [];

afterEach(async () => {
  sockets.splice(0).forEach((s) => s.close());
  await Promise.all(servers.splice(0).map((s) => s.stop().catch(() => {})));
});

async function setUp() {
  const server = await ChatServer.start();
  servers.push(server);
  const socket = new ChatSocket({
    url: server.url,
    userId: 'u-1',
    createSocket: (url) => new Client(url) as unknown as WebSocket,
    reconnectDelayMs: 30,
    offlinePollMs: 100,
    ackTimeoutMs: 300,
  });
  sockets.push(socket);
  const statuses: ChatStatus[] = [];
  const events: ChatEvent[] = [];
  socket.onStatus((s) => statuses.push(s));
  socket.onEvent((e) => events.push(e));
  socket.start();
  return { server, socket, statuses, events };
}

function until(what: string, check: () => boolean, timeout = 3000): Promise<void> {
  const deadline = Date.now() + timeout;
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (check()) resolve();
      else if (Date.now() > deadline) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(poll, 10);
    };
    poll();
  });
}

describe('ChatSocket over a real socket', () => {
  it('joins, sends, and gets both the ack and the pushed message', async () => {
    const { server, socket, events } = await setUp();
    await until('open', () => socket.status === 'open');
    const { clientId, ack } = socket.send({ content: 'hello', roomId: 'r-1', receiverId: 'u-2' });
    const { id } = await ack;
    expect(server.frames[0]).toEqual({ action: 'joinChat', userId: 'u-1' });
    await until('the pushed message', () => events.some((e) => e.event === 'receiveMessage'));
    expect(events).toContainEqual({ event: 'receiveMessage', data: expect.objectContaining({ id, clientId, content: 'hello' }) });
  });

  it('reconnects and joins again after the server cuts the connection', async () => {
    const { server, socket, statuses } = await setUp();
    // Cutting the connection before the server has read the join would lose that join.
    await until('the first join', () => server.joins() === 1);
    server.dropAll();
    await until('a second join', () => server.joins() === 2);
    expect(socket.status).toBe('open');
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('goes offline when the server stays away, and comes back by itself once it returns', async () => {
    const { server, socket, statuses } = await setUp();
    await until('the first join', () => server.joins() === 1);
    await server.stop();
    await until('offline', () => socket.status === 'offline');
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'offline']);
    await server.restart();
    await until('open again', () => socket.status === 'open');
    // The join is written as the socket opens; the server reads it a moment later.
    await until('the join after coming back', () => server.joins() === 2);
  });

  it('times out a send the server never answers', async () => {
    const { server, socket } = await setUp();
    await until('open', () => socket.status === 'open');
    server.silent = true;
    const started = Date.now();
    await expect(socket.send({ content: 'hello?', roomId: 'r-1', receiverId: 'u-2' }).ack).rejects.toThrow(SEND_TIMEOUT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});
