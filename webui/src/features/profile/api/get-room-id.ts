import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { serverMessageOr, type ErrorCatalogue } from '@/lib/error-message';

/**
 * POST /user/get-room-id (session): the room of two profiles, the same whichever order they come
 * in; made on first ask.
 */
export function getRoomId(profileId1: string, profileId2: string): Promise<string> {
  return api
    .post('/user/get-room-id', { body: { profileId_1: profileId1, profileId_2: profileId2 } })
    .then((answer) => answer.room_id);
}

export function useGetRoomId() {
  return useMutation({ mutationFn: ({ me, other }: { me: string; other: string }) => getRoomId(me, other) });
}

/**
 * Spec part 2 §8, room id. The contract's other 400 (a room with yourself) and its 403s (not your
 * room, neither follows the other) show the server's reason.
 */
export const roomIdErrors: ErrorCatalogue = {
  byStatus: {
    400: serverMessageOr('Profile IDs missing'),
    404: serverMessageOr('Profile not found'),
    500: 'Internal server error',
  },
  network: 'Network error: No response from server',
  fallback: 'An unexpected error occurred',
};
