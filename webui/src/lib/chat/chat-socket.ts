/**
 * The chat socket client (spec part 2 §4, §7; the frames of functions/asyncapi.yaml). One
 * native WebSocket to the app's own origin at /ws, authenticated by the session cookie the
 * browser sends with the upgrade. It knows nothing of React: screens read it through
 * lib/chat/chat-connection.
 *
 * - Connects, then joins the chat with the user's id; joins again after every reconnect.
 * - A dropped or refused connection is retried up to 5 times, 1 s apart (spec §9); after that
 *   it is `offline` and tries once every 5 s (the spec's polling period) until it connects or
 *   `retry()` is called.
 * - `send` resolves with the server's acknowledgement, matched on a client id; it rejects with
 *   "Server response timeout after 5 seconds" when none comes within 5 s, with the ack's error
 *   text when the server refused the message, and with "Not connected to server" when the
 *   socket is not open.
 * - `fetchMessages` resolves with the next `recentMessages` answer for that room (oldest first).
 */

import { SERVER_ERROR } from '@/lib/error-message';

/** A stored message as the server pushes and lists it. */
export type ChatMessage = {
  id: string;
  room_id: string;
  sender_id: string;
  content: string;
  created_at: string;
  /** Set on `receiveMessage`: the sender's client id, so its tab can replace its optimistic copy. */
  clientId?: string;
};

export type ChatStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline' | 'closed';

/** A server frame the client understands (anything else is ignored). */
export type ChatEvent =
  | { event: 'joined'; data?: { userId?: string } }
  | { event: 'receiveMessage'; data: ChatMessage }
  | { event: 'recentMessages'; data: ChatMessage[] }
  | { event: 'read'; data: { roomId: string } }
  | { event: 'ack'; data: { clientId: string; id?: string; error?: string; retryAfter?: number } }
  | { event: 'error'; data: { message: string; roomId?: string } };

export type SendInput = { content: string; roomId: string; receiverId: string; clientId?: string };
export type Ack = { clientId: string; id: string };

/** Spec part 2 §5 and §8. */
export const SEND_TIMEOUT = 'Server response timeout after 5 seconds';
export const NOT_CONNECTED = 'Not connected to server';
export const MISSING_DATA = 'Missing message data';
/** The server's limit on a message (issue 11), counted as a reader sees characters. */
export const MAX_MESSAGE_LENGTH = 2000;
export const TOO_LONG = 'Message is too long';

/** The part of the browser's WebSocket the client uses; tests hand in their own. */
export type SocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'>;

export type ChatSocketOptions = {
  url: string;
  userId: string;
  createSocket?: (url: string) => SocketLike;
  reconnectAttempts?: number;
  reconnectDelayMs?: number;
  ackTimeoutMs?: number;
  offlinePollMs?: number;
  newClientId?: () => string;
};

/**
 * A send or fetch the server refused or never answered; `message` is the text to show. A send
 * over the rate limit also says in how many seconds the room takes messages again (`retryAfter`).
 */
export class ChatError extends Error {
  readonly retryAfter?: number;
  constructor(message: string, retryAfter?: number) {
    super(message);
    this.name = 'ChatError';
    if (retryAfter !== undefined && retryAfter > 0) this.retryAfter = retryAfter;
  }
}

const OPEN = 1;

/** Characters as a reader counts them (an emoji is one). */
export function visibleLength(text: string): number {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    let n = 0;
    for (const _ of new Intl.Segmenter().segment(text)) n++;
    return n;
  }
  return Array.from(text).length;
}

/** The reason a message cannot be sent as typed, or undefined. */
export function invalidMessage(input: SendInput): string | undefined {
  const content = input.content.trim();
  if (!content || !input.roomId || !input.receiverId) return MISSING_DATA;
  if (visibleLength(content) > MAX_MESSAGE_LENGTH) return TOO_LONG;
  return undefined;
}

/** A fresh client id for a message (matches its ack and its pushed copy to the optimistic one). */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The server no longer knows this connection (it expired): what is sent on it goes nowhere. */
function forgotten(frame: ChatEvent): boolean {
  return (frame.event === 'ack' && frame.data?.error === NOT_CONNECTED) || (frame.event === 'error' && frame.data?.message === NOT_CONNECTED);
}

type PendingAck = { resolve: (ack: Ack) => void; reject: (e: ChatError) => void; timer: ReturnType<typeof setTimeout> };
type PendingFetch = {
  roomId: string;
  before?: string;
  sent: boolean;
  resolve: (messages: ChatMessage[]) => void;
  reject: (e: ChatError) => void;
  timer?: ReturnType<typeof setTimeout>;
};

export class ChatSocket {
  readonly userId: string;
  private readonly url: string;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly maxAttempts: number;
  private readonly reconnectDelayMs: number;
  private readonly ackTimeoutMs: number;
  private readonly offlinePollMs: number;
  private readonly newClientId: () => string;

  private socket: SocketLike | null = null;
  private state: ChatStatus = 'idle';
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly acks = new Map<string, PendingAck>();
  private fetches: PendingFetch[] = [];
  private readonly statusListeners = new Set<(status: ChatStatus) => void>();
  private readonly eventListeners = new Set<(event: ChatEvent) => void>();

  constructor(options: ChatSocketOptions) {
    this.url = options.url;
    this.userId = options.userId;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.maxAttempts = options.reconnectAttempts ?? 5;
    this.reconnectDelayMs = options.reconnectDelayMs ?? 1000;
    this.ackTimeoutMs = options.ackTimeoutMs ?? 5000;
    this.offlinePollMs = options.offlinePollMs ?? 5000;
    this.newClientId = options.newClientId ?? newClientId;
  }

  get status(): ChatStatus {
    return this.state;
  }

  /** Calls `listener` on every status change; returns the unsubscribe. */
  onStatus(listener: (status: ChatStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Calls `listener` with every server frame; returns the unsubscribe. */
  onEvent(listener: (event: ChatEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Starts connecting; does nothing once started. */
  start(): void {
    if (this.state === 'idle') this.connect('connecting');
  }

  /** Connects now with a fresh count of attempts (the offline state's Retry). */
  retry(): void {
    if (this.state === 'closed' || this.state === 'open' || this.state === 'connecting') return;
    clearTimeout(this.timer);
    this.attempts = 0;
    this.connect('connecting');
  }

  /** Closes for good (logout): every pending send and fetch fails with "Not connected to server". */
  close(): void {
    clearTimeout(this.timer);
    this.setStatus('closed');
    this.dropSocket();
    for (const [clientId, ack] of this.acks) {
      clearTimeout(ack.timer);
      ack.reject(new ChatError(NOT_CONNECTED));
      this.acks.delete(clientId);
    }
    this.failFetches(NOT_CONNECTED);
  }

  /**
   * Sends a message; resolves with its stored id once the server acknowledges it. The client id
   * (given, or made here) is returned at once so the caller can show the message before the ack.
   */
  send(input: SendInput): { clientId: string; ack: Promise<Ack> } {
    const clientId = input.clientId ?? this.newClientId();
    const invalid = invalidMessage(input);
    if (invalid) return { clientId, ack: Promise.reject(new ChatError(invalid)) };
    if (this.state !== 'open' || !this.socket) return { clientId, ack: Promise.reject(new ChatError(NOT_CONNECTED)) };
    const ack = new Promise<Ack>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.acks.delete(clientId);
        reject(new ChatError(SEND_TIMEOUT));
      }, this.ackTimeoutMs);
      this.acks.set(clientId, { resolve, reject, timer });
    });
    this.write({ action: 'sendMessage', content: input.content.trim(), roomId: input.roomId, receiverId: input.receiverId, clientId });
    return { clientId, ack };
  }

  /**
   * The newest 50 messages of a room, or the 50 before `before` (a message id), oldest first.
   * Waits for the connection while it is being made; fails at once when offline.
   */
  fetchMessages(roomId: string, before?: string): Promise<ChatMessage[]> {
    if (this.state === 'offline' || this.state === 'closed' || this.state === 'idle') {
      return Promise.reject(new ChatError(NOT_CONNECTED));
    }
    return new Promise((resolve, reject) => {
      const fetch: PendingFetch = { roomId, before, sent: false, resolve, reject };
      this.fetches.push(fetch);
      if (this.state === 'open') this.sendFetch(fetch);
    });
  }

  /** Moves the caller's read mark in `roomId` to its newest message. */
  markRead(roomId: string): void {
    if (this.state === 'open') this.write({ action: 'markRead', roomId });
  }

  private sendFetch(fetch: PendingFetch): void {
    fetch.sent = true;
    fetch.timer = setTimeout(() => this.settleFetch(fetch, new ChatError(SEND_TIMEOUT)), this.ackTimeoutMs);
    this.write({ action: 'fetchMessages', roomId: fetch.roomId, ...(fetch.before && { before: fetch.before }) });
  }

  private settleFetch(fetch: PendingFetch, result: ChatMessage[] | ChatError): void {
    clearTimeout(fetch.timer);
    this.fetches = this.fetches.filter((f) => f !== fetch);
    if (result instanceof ChatError) fetch.reject(result);
    else fetch.resolve(result);
  }

  private failFetches(text: string): void {
    for (const fetch of [...this.fetches]) this.settleFetch(fetch, new ChatError(text));
  }

  private connect(status: 'connecting' | 'reconnecting' | 'offline'): void {
    this.dropSocket();
    this.setStatus(status);
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.url);
    } catch {
      this.lost();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.write({ action: 'joinChat', userId: this.userId });
      this.setStatus('open');
      for (const fetch of this.fetches) if (!fetch.sent) this.sendFetch(fetch);
    };
    socket.onmessage = (message) => {
      if (this.socket === socket) this.receive(message.data);
    };
    // A refused upgrade fires error then close; the close alone decides what happens next.
    socket.onerror = () => {};
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.lost();
    };
  }

  /** Replaces a connection the server no longer knows with a new one, at once. */
  private reconnectNow(): void {
    this.dropSocket();
    for (const fetch of [...this.fetches]) if (fetch.sent) this.settleFetch(fetch, new ChatError(NOT_CONNECTED));
    this.connect('reconnecting');
  }

  /** The connection dropped or could not be made: try again, or go offline and poll. */
  private lost(): void {
    if (this.state === 'closed') return;
    for (const fetch of [...this.fetches]) if (fetch.sent) this.settleFetch(fetch, new ChatError(NOT_CONNECTED));
    if (this.attempts < this.maxAttempts) {
      this.attempts++;
      this.setStatus('reconnecting');
      this.timer = setTimeout(() => this.connect('reconnecting'), this.reconnectDelayMs);
      return;
    }
    this.setStatus('offline');
    this.failFetches(NOT_CONNECTED);
    this.timer = setTimeout(() => this.connect('offline'), this.offlinePollMs);
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let frame: ChatEvent;
    try {
      frame = JSON.parse(raw) as ChatEvent;
    } catch {
      return;
    }
    if (!frame || typeof frame !== 'object' || typeof frame.event !== 'string') return;
    if (frame.event === 'ack') this.settleAck(frame.data);
    if (frame.event === 'recentMessages' && Array.isArray(frame.data)) this.answerFetch(frame.data);
    if (frame.event === 'error' && frame.data?.roomId) {
      const fetch = this.fetches.find((f) => f.sent && f.roomId === frame.data.roomId);
      if (fetch) this.settleFetch(fetch, new ChatError(frame.data.message || 'Room not found'));
    }
    for (const listener of [...this.eventListeners]) listener(frame);
    if (forgotten(frame)) this.reconnectNow();
  }

  private settleAck(data: { clientId: string; id?: string; error?: string; retryAfter?: number } | undefined): void {
    const pending = data && this.acks.get(data.clientId);
    if (!data || !pending) return;
    clearTimeout(pending.timer);
    this.acks.delete(data.clientId);
    if (data.error || !data.id) pending.reject(new ChatError(data.error || SERVER_ERROR, typeof data.retryAfter === 'number' ? data.retryAfter : undefined));
    else pending.resolve({ clientId: data.clientId, id: data.id });
  }

  /**
   * `recentMessages` names no request, and answers to one connection may cross in flight. A list
   * answers a fetch of its room: one paging `before` an id when every message is older than that
   * id, else the newest-page fetch, else the oldest; an empty list (it names no room) answers the
   * oldest fetch sent.
   */
  private answerFetch(messages: ChatMessage[]): void {
    const sent = this.fetches.filter((f) => f.sent);
    const roomId = messages[0]?.room_id;
    const mine = roomId === undefined ? sent : sent.filter((f) => f.roomId === roomId);
    const newest = messages.at(-1)?.id;
    const fetch =
      (newest !== undefined && mine.find((f) => f.before !== undefined && newest < f.before)) ||
      mine.find((f) => f.before === undefined) ||
      mine[0];
    if (fetch) this.settleFetch(fetch, messages);
  }

  private write(frame: object): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close();
    } catch {
      // A socket still connecting may throw on close in some browsers; it is abandoned either way.
    }
  }

  private setStatus(status: ChatStatus): void {
    if (this.state === status) return;
    this.state = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
}
