import { vi } from 'vitest';

/**
 * A WebSocket stand-in the test plays the server of: it opens, answers, drops or refuses only
 * when told, so reconnect and timeout logic runs under fake timers without a network. Frames the
 * client sent are kept parsed in `sent`. The real-socket tests (lib/chat) use a real server instead.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  readonly sent: Array<Record<string, unknown>> = [];
  /** Set when the client closed it. */
  closedByClient = false;
  private readonly listeners = new Set<(frame: Record<string, unknown>, socket: FakeWebSocket) => void>();

  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
    for (const answer of FakeWebSocket.autoAnswers) this.listeners.add(answer);
    if (FakeWebSocket.autoAccept) queueMicrotask(() => this.readyState === FakeWebSocket.CONNECTING && this.accept());
  }

  /** When set, every new socket opens by itself and hands each frame it is sent to these. */
  static autoAccept = false;
  static autoAnswers: Array<(frame: Record<string, unknown>, socket: FakeWebSocket) => void> = [];

  static reset(): void {
    FakeWebSocket.instances = [];
    FakeWebSocket.autoAccept = false;
    FakeWebSocket.autoAnswers = [];
  }

  /** The newest socket the client made. */
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no WebSocket was opened');
    return socket;
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('InvalidStateError: the socket is not open');
    const frame = JSON.parse(data) as Record<string, unknown>;
    this.sent.push(frame);
    for (const listener of this.listeners) listener(frame, this);
  }

  close(): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.closedByClient = true;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code: 1000 }));
  }

  /** Frames of one action the client sent. */
  sentOf(action: string): Array<Record<string, unknown>> {
    return this.sent.filter((f) => f.action === action);
  }

  // ---- the server's side ----

  accept(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The upgrade was refused (a 401 or nobody listening): the browser fires error, then close. */
  refuse(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }

  /** The connection dropped. */
  drop(): void {
    this.refuse();
  }

  push(frame: object | string): void {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    this.onmessage?.(new MessageEvent('message', { data }));
  }
}

/** Makes FakeWebSocket the global WebSocket for this test. */
export function installFakeWebSocket(): void {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
}
