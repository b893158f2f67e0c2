import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ChatError, NOT_CONNECTED, type ChatMessage, type ChatSocket } from '@/lib/chat/chat-socket';
import {
  PAGE_SIZE, addPending, confirmMessage, dropPending, mergeMessages, oldestId, pendingMessage, type Thread,
} from './thread';

/**
 * A room's messages live in the query cache under this key, fed by three writers that all merge
 * into whatever the cache holds when they finish (so none loses another's messages): the fetch
 * of the newest page (on opening the screen and after every reconnect), older pages on scroll
 * up, and the socket's pushed and acknowledged messages.
 */
export const threadQueryKey = (roomId: string) => ['chat', 'messages', roomId] as const;

function readThread(queryClient: QueryClient, roomId: string): Thread | undefined {
  return queryClient.getQueryData<Thread>(threadQueryKey(roomId));
}

function updateThread(queryClient: QueryClient, roomId: string, update: (thread: Thread) => Thread): void {
  queryClient.setQueryData<Thread>(threadQueryKey(roomId), (thread) => (thread ? update(thread) : thread));
}

/** fetchMessages over the socket: the newest page, merged into what is already shown. */
export function threadQueryOptions(queryClient: QueryClient, socket: ChatSocket | undefined, roomId: string) {
  return queryOptions({
    queryKey: threadQueryKey(roomId),
    queryFn: async (): Promise<Thread> => {
      if (!socket) throw new ChatError(NOT_CONNECTED);
      const page = await socket.fetchMessages(roomId);
      const shown = readThread(queryClient, roomId);
      return {
        messages: mergeMessages(shown?.messages ?? [], page),
        hasOlder: shown ? shown.hasOlder : page.length >= PAGE_SIZE,
      };
    },
    enabled: Boolean(socket && roomId),
  });
}

export function useThread(socket: ChatSocket | undefined, roomId: string) {
  const queryClient = useQueryClient();
  return useQuery(threadQueryOptions(queryClient, socket, roomId));
}

/** Adds a pushed message to its room's thread, if that thread is loaded. */
export function receiveMessage(queryClient: QueryClient, message: ChatMessage): void {
  updateThread(queryClient, message.room_id, (t) => ({ ...t, messages: mergeMessages(t.messages, [message]) }));
}

/** The 50 messages before the oldest shown, on scroll up. */
export function useLoadOlder(socket: ChatSocket | undefined, roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const before = oldestId(readThread(queryClient, roomId)?.messages ?? []);
      if (!socket) throw new ChatError(NOT_CONNECTED);
      return before ? socket.fetchMessages(roomId, before) : [];
    },
    onSuccess: (page) =>
      updateThread(queryClient, roomId, (t) => ({ messages: mergeMessages(t.messages, page), hasOlder: page.length >= PAGE_SIZE })),
  });
}

type SendVars = { clientId: string; content: string };

/**
 * Sends a message optimistically (spec part 2 §4): it shows at once as pending, becomes the
 * stored message on the ack, and is taken off again when the send fails (no ack in 5 s, an error
 * ack, no connection); the caller shows the failure's text.
 */
export function useSendMessage(
  socket: ChatSocket | undefined,
  room: { roomId: string; receiverId: string; senderId: string },
  onFailed: (error: Error, content: string) => void,
) {
  const queryClient = useQueryClient();
  const { roomId, receiverId, senderId } = room;
  return useMutation({
    mutationFn: ({ clientId, content }: SendVars) => {
      if (!socket) return Promise.reject(new ChatError(NOT_CONNECTED));
      return socket.send({ clientId, content, roomId, receiverId }).ack;
    },
    onMutate: ({ clientId, content }) => {
      updateThread(queryClient, roomId, (t) => ({ ...t, messages: addPending(t.messages, pendingMessage({ clientId, roomId, senderId, content })) }));
    },
    onSuccess: (ack, { clientId, content }) => {
      const stored = { id: ack.id, clientId, room_id: roomId, sender_id: senderId, content: content.trim(), created_at: new Date().toISOString() };
      updateThread(queryClient, roomId, (t) => ({ ...t, messages: confirmMessage(t.messages, stored) }));
    },
    // Here rather than in mutate's own callbacks, which fire for the latest of several sends only.
    onError: (error, { clientId, content }) => {
      updateThread(queryClient, roomId, (t) => ({ ...t, messages: dropPending(t.messages, clientId) }));
      onFailed(error, content);
    },
  });
}
