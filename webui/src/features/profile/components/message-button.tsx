import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { messageFor } from '@/lib/error-message';
import type { Profile } from '@/types/api';
import { roomIdErrors, useGetRoomId } from '../api/get-room-id';

/**
 * Message on someone's profile: asks for the room of the two of you, then opens /chat/{roomId}
 * with what the chat screen shows (spec part 2 §2).
 */
export function MessageButton({ profile, myId }: { profile: Profile; myId: string }) {
  const navigate = useNavigate();
  const room = useGetRoomId();
  const open = () =>
    room.mutate(
      { me: myId, other: profile.id },
      {
        onSuccess: (roomId) =>
          navigate(paths.chat(roomId), {
            state: {
              roomId,
              otherUserId: profile.id,
              userId: myId,
              otherUsername: profile.username,
              otherProfilePicture: profile.image ?? '',
            },
          }),
      },
    );
  return (
    <>
      <Button variant="secondary" onClick={open} disabled={room.isPending || !myId}>
        {room.isPending ? 'Opening...' : 'Message'}
      </Button>
      {room.isError && (
        <div className="follow-notice">
          <Alert>{messageFor(room.error, roomIdErrors)}</Alert>
        </div>
      )}
    </>
  );
}
