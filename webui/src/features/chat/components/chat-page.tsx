import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { useChatEvents, useChatSocket, useChatStatus } from '@/lib/chat/chat-connection';
import type { ChatSocket, ChatStatus } from '@/lib/chat/chat-socket';
import { setRoomUnread, useRooms } from '@/lib/chat/get-rooms';
import { receiveMessage, threadQueryKey, useThread } from '../api/messages';
import { ChatComposer } from './chat-composer';
import { MessageList } from './message-list';
import './chat.css';

/** What a link to /chat/{roomId} carries (spec part 2 §2); a reload or a bare link reads the room list instead. */
export type ChatScreenState = {
  roomId: string;
  otherUserId: string;
  userId: string;
  otherUsername: string;
  otherProfilePicture: string;
};

type Other = { id: string; username: string; image: string };

/** /chat/{roomId}: one conversation. */
export function ChatPage() {
  const { roomId = '' } = useParams();
  const state = useLocation().state as Partial<ChatScreenState> | null;
  const rooms = useRooms();
  const listed = rooms.data?.find((r) => r.room_id === roomId);
  let other: Other | undefined;
  if (state?.roomId === roomId && state.otherUserId) {
    other = { id: state.otherUserId, username: state.otherUsername ?? '', image: state.otherProfilePicture ?? '' };
  } else if (listed) {
    other = { id: listed.recipient_id, username: listed.recipient_profile_username, image: listed.recipient_profile_image };
  }

  if (!other) {
    if (rooms.isPending) return <Spinner label="Loading conversation..." />;
    return (
      <section className="empty-state">
        <Alert>Conversation not found.</Alert>
        <Link to={paths.messages}>Back to Messages</Link>
      </section>
    );
  }
  return <Conversation key={roomId} roomId={roomId} other={other} />;
}

function Conversation({ roomId, other }: { roomId: string; other: Other }) {
  const queryClient = useQueryClient();
  const { data: me } = useCurrentProfile();
  const socket = useChatSocket();
  const status = useChatStatus(socket);
  const thread = useThread(socket, roomId);

  // Everything pushed for this room joins the thread; the other's messages are read as they land.
  useChatEvents(socket, (event) => {
    if (event.event !== 'receiveMessage' || event.data.room_id !== roomId) return;
    receiveMessage(queryClient, event.data);
    if (event.data.sender_id !== me?.id) markRead(socket, roomId);
  });

  useReadAndCatchUp(socket, status, roomId);

  return (
    <section className="chat-page">
      <header className="chat-header">
        <Link to={paths.messages} className="chat-back" aria-label="Back to Messages">‹</Link>
        <Avatar src={other.image} alt="" size={36} />
        <Link to={paths.profile(other.id)} className="chat-title">
          @{other.username}
        </Link>
      </header>
      <ConnectionBanner status={status} onRetry={() => socket?.retry()} />
      {thread.isPending && status !== 'offline' ? (
        <Spinner label="Loading messages..." />
      ) : !thread.data && thread.error && status === 'open' ? (
        <Alert>{thread.error.message}</Alert>
      ) : (
        <MessageList socket={socket} roomId={roomId} messages={thread.data?.messages ?? []} hasOlder={thread.data?.hasOlder ?? false} myId={me?.id ?? ''} />
      )}
      <ChatComposer socket={socket} roomId={roomId} receiverId={other.id} senderId={me?.id ?? ''} />
    </section>
  );
}

function markRead(socket: ChatSocket | undefined, roomId: string) {
  socket?.markRead(roomId);
}

/**
 * Each time the socket opens: mark the room read (the badge clears at once, the server's `read`
 * confirms), and after a reconnect fetch the newest page again, merged with what is shown, so
 * messages sent while the connection was down appear.
 */
function useReadAndCatchUp(socket: ChatSocket | undefined, status: ChatStatus, roomId: string) {
  const queryClient = useQueryClient();
  const wasOpen = useRef(false);
  useEffect(() => {
    if (status !== 'open') return;
    markRead(socket, roomId);
    setRoomUnread(queryClient, roomId, 0);
    const key = threadQueryKey(roomId);
    if (wasOpen.current || queryClient.getQueryState(key)?.status === 'error') void queryClient.invalidateQueries({ queryKey: key });
    wasOpen.current = true;
  }, [status, socket, roomId, queryClient]);
}

/** The reconnecting and offline states (spec part 2 §4): offline tries every 5 s by itself, Retry at once. */
function ConnectionBanner({ status, onRetry }: { status: ChatStatus; onRetry: () => void }) {
  if (status === 'reconnecting') {
    return <p className="chat-status" role="status">Reconnecting...</p>;
  }
  if (status !== 'offline') return null;
  return (
    <div className="chat-offline" role="alert">
      <span>You're offline. Trying again every 5 seconds.</span>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>Retry</button>
    </div>
  );
}
