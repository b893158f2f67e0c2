import { useLayoutEffect, useRef } from 'react';
import type { ChatSocket } from '@/lib/chat/chat-socket';
import { useLoadOlder } from '../api/messages';
import type { ChatItem } from '../api/thread';
import { messageTime } from '../chat-format';

/** How close to the top (px) scrolling starts loading the page before. */
const LOAD_OLDER_AT = 48;
/** How close to the bottom (px) still counts as reading the newest messages. */
const NEAR_BOTTOM = 80;

type Props = { socket: ChatSocket | undefined; roomId: string; messages: ChatItem[]; hasOlder: boolean; myId: string };

/**
 * The conversation, oldest at the top. Opens at the newest message and follows new ones while
 * the reader is at the bottom (always for one's own); scrolling to the top loads the 50 before,
 * keeping what the reader sees in place.
 */
export function MessageList({ socket, roomId, messages, hasOlder, myId }: Props) {
  const older = useLoadOlder(socket, roomId);
  const listRef = useRef<HTMLDivElement>(null);
  const seen = useRef<{ firstId?: string; lastId?: string; height: number; top: number; atBottom: boolean } | null>(null);
  const firstId = messages[0]?.id;
  const last = messages.at(-1);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const before = seen.current;
    if (!before || (before.lastId !== last?.id && (before.atBottom || last?.sender_id === myId))) {
      el.scrollTop = el.scrollHeight;
    } else if (before.firstId !== firstId) {
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    }
    seen.current = { firstId, lastId: last?.id, height: el.scrollHeight, top: el.scrollTop, atBottom: isAtBottom(el) };
  }, [firstId, last?.id, last?.sender_id, myId]);

  const loadOlder = () => {
    if (hasOlder && !older.isPending) older.mutate();
  };

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    seen.current = { firstId, lastId: last?.id, height: el.scrollHeight, top: el.scrollTop, atBottom: isAtBottom(el) };
    if (el.scrollTop < LOAD_OLDER_AT) loadOlder();
  };

  return (
    <div className="chat-messages" ref={listRef} onScroll={onScroll}>
      {hasOlder && (
        <button type="button" className="link-button chat-older" onClick={loadOlder} disabled={older.isPending}>
          {older.isPending ? 'Loading older messages...' : 'Load older messages'}
        </button>
      )}
      {older.isError && <p className="chat-status" role="alert">{older.error.message}</p>}
      {messages.length === 0 ? (
        <p className="chat-empty">No messages yet.</p>
      ) : (
        <ol className="chat-thread" aria-label="Messages">
          {messages.map((m) => (
            <li key={m.id} className={`bubble${m.sender_id === myId ? ' mine' : ''}${m.pending ? ' pending' : ''}`}>
              <p>{m.content}</p>
              <time dateTime={m.pending ? undefined : m.created_at}>{m.pending ? 'Sending...' : messageTime(m.created_at)}</time>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function isAtBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
}
