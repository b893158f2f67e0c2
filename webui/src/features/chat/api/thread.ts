import type { ChatMessage } from '@/lib/chat/chat-socket';

/** A message on screen: a stored one, or one sent but not yet acknowledged (`pending`). */
export type ChatItem = ChatMessage & { pending?: boolean };

/** One room's messages as the chat screen holds them: oldest first, pending ones last. */
export type Thread = { messages: ChatItem[]; hasOlder: boolean };

/** The server answers 50 at a time; a shorter page means there is nothing older. */
export const PAGE_SIZE = 50;

const PENDING_PREFIX = 'local:';

export function pendingMessage(input: { clientId: string; roomId: string; senderId: string; content: string }): ChatItem {
  return {
    id: `${PENDING_PREFIX}${input.clientId}`,
    clientId: input.clientId,
    room_id: input.roomId,
    sender_id: input.senderId,
    content: input.content.trim(),
    created_at: new Date().toISOString(),
    pending: true,
  };
}

/**
 * Stored messages sorted by id (ids are time-ordered, so frames that arrived out of order fall
 * into place), then the pending ones in the order they were sent.
 */
function ordered(messages: ChatItem[]): ChatItem[] {
  const stored = messages.filter((m) => !m.pending).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return [...stored, ...messages.filter((m) => m.pending)];
}

/**
 * Adds stored messages to a thread: one already there is kept once, and one carrying the client
 * id of a pending message replaces it.
 */
export function mergeMessages(current: ChatItem[], incoming: ChatMessage[]): ChatItem[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) {
    if (message.clientId) byId.delete(`${PENDING_PREFIX}${message.clientId}`);
    if (!byId.has(message.id)) byId.set(message.id, message);
  }
  return ordered([...byId.values()]);
}

/** The acknowledged message replaces its pending copy (or is added, if a refetch dropped that). */
export function confirmMessage(current: ChatItem[], message: ChatMessage): ChatItem[] {
  const withoutCopy = current.filter((m) => m.id !== `${PENDING_PREFIX}${message.clientId}`);
  return mergeMessages(withoutCopy, [message]);
}

/** Takes a failed message off the screen. */
export function dropPending(current: ChatItem[], clientId: string): ChatItem[] {
  return current.filter((m) => m.id !== `${PENDING_PREFIX}${clientId}`);
}

export function addPending(current: ChatItem[], message: ChatItem): ChatItem[] {
  return [...current, message];
}

/** The id an older page is fetched before: the oldest stored message's. */
export function oldestId(messages: ChatItem[]): string | undefined {
  return messages.find((m) => !m.pending)?.id;
}
