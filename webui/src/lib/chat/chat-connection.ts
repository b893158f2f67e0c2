import { useCallback, useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { ChatSocket, type ChatEvent, type ChatStatus } from './chat-socket';

/**
 * The tab's one chat socket, for the signed-in user: the shell starts it (so unread counts move
 * on any screen), the chat screens share it, logout closes it.
 */
let current: ChatSocket | null = null;

/** ws(s)://<the app's own origin>/ws: CloudFront (or the local cloud) forwards it to the socket API. */
export function chatSocketUrl(href = window.location.href): string {
  const url = new URL('/ws', href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** The socket of `userId`, made on first use; another user's is closed first. Not started. */
export function chatSocketFor(userId: string): ChatSocket {
  if (current && current.userId === userId && current.status !== 'closed') return current;
  current?.close();
  current = new ChatSocket({ url: chatSocketUrl(), userId });
  return current;
}

/** Closes the socket (logout). */
export function closeChatSocket(): void {
  current?.close();
  current = null;
}

/** The signed-in user's socket, connecting from the first render that asks for it. */
export function useChatSocket(): ChatSocket | undefined {
  const { data: me } = useCurrentProfile();
  const socket = me ? chatSocketFor(me.id) : undefined;
  useEffect(() => socket?.start(), [socket]);
  return socket;
}

/** The socket's status, re-rendering on every change ('idle' without a socket). */
export function useChatStatus(socket: ChatSocket | undefined): ChatStatus {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const stop = socket?.onStatus(onChange);
      return () => void stop?.();
    },
    [socket],
  );
  return useSyncExternalStore(subscribe, () => socket?.status ?? 'idle');
}

/** Calls `handler` with every server frame while mounted. */
export function useChatEvents(socket: ChatSocket | undefined, handler: (event: ChatEvent) => void): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    const stop = socket?.onEvent((event) => onEvent(event));
    return () => void stop?.();
  }, [socket]);
}
