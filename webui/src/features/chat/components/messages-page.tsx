import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { roomsErrors, useRooms, type ChatRoom } from '@/lib/chat/get-rooms';
import { messageFor } from '@/lib/error-message';
import { conversationTime } from '../chat-format';
import type { ChatScreenState } from './chat-page';
import './chat.css';

export const NO_CONVERSATIONS = "You don't have any conversations yet.";

/** /messages and /message: the conversations, newest activity first (spec part 2 §2). */
export function MessagesPage() {
  const rooms = useRooms();
  const { data: me } = useCurrentProfile();

  let body;
  if (rooms.isPending) body = <Spinner label="Loading conversations..." />;
  else if (!rooms.data) body = <Alert>{messageFor(rooms.error, roomsErrors)}</Alert>;
  else if (rooms.data.length === 0) body = <p className="empty-state">{NO_CONVERSATIONS}</p>;
  else {
    body = (
      <ul className="conversation-list">
        {rooms.data.map((room) => (
          <li key={room.room_id}>
            <ConversationRow room={room} userId={me?.id ?? ''} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="messages-page">
      <h1 className="page-title">Messages</h1>
      {body}
    </section>
  );
}

function ConversationRow({ room, userId }: { room: ChatRoom; userId: string }) {
  const state: ChatScreenState = {
    roomId: room.room_id,
    otherUserId: room.recipient_id,
    userId,
    otherUsername: room.recipient_profile_username,
    otherProfilePicture: room.recipient_profile_image,
  };
  const unread = room.unread > 0;
  return (
    <Link to={paths.chat(room.room_id)} state={state} className={unread ? 'conversation unread' : 'conversation'}>
      <Avatar src={room.recipient_profile_image} alt="" size={48} />
      <span className="conversation-text">
        <span className="conversation-name">@{room.recipient_profile_username}</span>
        <span className="conversation-last">{room.last_message}</span>
      </span>
      <span className="conversation-meta">
        <time dateTime={room.last_message_at ?? undefined}>{conversationTime(room.last_message_at)}</time>
        {unread && (
          <span className="unread-badge" aria-label={`${room.unread} unread`}>
            {room.unread}
          </span>
        )}
      </span>
    </Link>
  );
}
