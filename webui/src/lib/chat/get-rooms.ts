import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { serverMessageOr, type ErrorCatalogue } from '@/lib/error-message';
import type { ApiAnswer } from '@/types/api';
import { useChatEvents, useChatSocket, useChatStatus } from './chat-connection';
import type { ChatStatus } from './chat-socket';

/** A conversation as GET /user/get-rooms lists it (newest activity first, with its unread count). */
export type ChatRoom = ApiAnswer<'/user/get-rooms', 'get'>['rooms'][number];

/** GET /user/get-rooms (session). */
export function getRooms(): Promise<ChatRoom[]> {
  return api.get('/user/get-rooms').then((answer) => answer.rooms);
}

export const roomsQueryKey = ['chat', 'rooms'] as const;

/** The spec's client polls every 5 s; ours only while the socket is offline. */
export const OFFLINE_POLL_MS = 5000;

export function roomsQueryOptions(status: ChatStatus = 'open') {
  return queryOptions({
    queryKey: roomsQueryKey,
    queryFn: getRooms,
    refetchInterval: status === 'offline' ? OFFLINE_POLL_MS : false,
  });
}

/** The conversations, refetched every 5 s while the socket is offline. */
export function useRooms() {
  const status = useChatStatus(useChatSocket());
  return useQuery(roomsQueryOptions(status));
}

/** Unread messages over all conversations (the Message tab's badge). */
export function useUnreadMessages(): number {
  const { data } = useRooms();
  return (data ?? []).reduce((sum, room) => sum + room.unread, 0);
}

/** Sets one room's unread count in the cached list (after `markRead`). */
export function setRoomUnread(queryClient: QueryClient, roomId: string, unread: number): void {
  queryClient.setQueryData<ChatRoom[]>(roomsQueryKey, (rooms) =>
    rooms?.map((room) => (room.room_id === roomId ? { ...room, unread } : room)),
  );
}

/**
 * Keeps the conversations current for the whole signed-in app: starts the socket, and refetches
 * the list when a message arrives or a read mark moves (one call, however many rooms).
 */
export function useLiveRooms(): void {
  const queryClient = useQueryClient();
  const socket = useChatSocket();
  useChatEvents(socket, (event) => {
    if (event.event === 'read') setRoomUnread(queryClient, event.data.roomId, 0);
    if (event.event === 'receiveMessage' || event.event === 'read') {
      void queryClient.invalidateQueries({ queryKey: roomsQueryKey });
    }
  });
}

/** Spec part 2 §8, rooms. */
export const roomsErrors: ErrorCatalogue = {
  byStatus: { 500: serverMessageOr('Failed to fetch rooms.') },
  network: 'Failed to fetch rooms.',
  fallback: 'An unexpected error occurred',
};
