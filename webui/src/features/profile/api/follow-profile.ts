import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { currentProfileQueryKey } from '@/lib/auth/get-current-profile';
import type { ErrorCatalogue } from '@/lib/error-message';
import type { Profile, ProfileSummary } from '@/types/api';
import { profileQueryOptions } from './get-profile';

export type FollowInput = { profileId: string; follow: boolean };

/** POST /user/follow (session). */
export function followProfile(input: FollowInput) {
  return api.post('/user/follow', { body: input });
}

/**
 * Spec part 1 §8, follow. The contract answers a repeat with 200 and `changed: false` (the
 * spec's "No changes made" text), so a 401 here means the session is missing: the spec's
 * missing-token text (part 1 §5).
 */
export const followErrors: ErrorCatalogue = {
  byStatus: {
    401: 'Authentication token not found. Please log in.',
    404: 'Profile ID does not exist.',
    406: 'You cannot follow yourself.',
    500: 'Internal server error.',
  },
  fallback: 'An error occurred.',
};

export const NO_CHANGES = 'No changes made (already followed/unfollowed).';

const idOf = (entry: ProfileSummary | string) => (typeof entry === 'string' ? entry : entry.id);

/** Does `viewerId` follow `profile`? The server's `is_following` first, else its followers list. */
export function isFollowing(profile: Profile, viewerId: string | undefined): boolean {
  if (typeof profile.is_following === 'boolean') return profile.is_following;
  return Boolean(viewerId) && (profile.followers_list ?? []).some((f) => idOf(f) === viewerId);
}

function withFollower(profile: Profile, me: Profile, follow: boolean): Profile {
  const list = (profile.followers_list ?? []).filter((f) => idOf(f) !== me.id);
  const count = profile.followers_count ?? profile.followers_list?.length ?? 0;
  return {
    ...profile,
    is_following: follow,
    followers_count: Math.max(0, count + (follow ? 1 : -1)),
    followers_list: follow ? [...list, { id: me.id, username: me.username, image: me.image ?? '' }] : list,
  };
}

function withFollowing(me: Profile, target: Profile, follow: boolean): Profile {
  const list = (me.following_list ?? []).filter((f) => idOf(f) !== target.id);
  const count = me.following_count ?? me.following_list?.length ?? 0;
  return {
    ...me,
    following_count: Math.max(0, count + (follow ? 1 : -1)),
    following_list: follow ? [...list, { id: target.id, username: target.username, image: target.image ?? '' }] : list,
  };
}

/**
 * Follow or unfollow `profileId`, optimistically (spec part 1 §4): both the profile's follower
 * count and your own following list change at once and are put back if the call fails; both
 * are refetched once it settles.
 */
export function useFollowProfile(profileId: string) {
  const queryClient = useQueryClient();
  const profileKey = profileQueryOptions(profileId).queryKey;
  return useMutation({
    mutationFn: (follow: boolean) => followProfile({ profileId, follow }),
    onMutate: async (follow) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: profileKey }),
        queryClient.cancelQueries({ queryKey: currentProfileQueryKey }),
      ]);
      const previous = queryClient.getQueryData<Profile>(profileKey);
      const previousMe = queryClient.getQueryData<Profile>(currentProfileQueryKey);
      if (previous && previousMe) {
        queryClient.setQueryData<Profile>(profileKey, withFollower(previous, previousMe, follow));
        queryClient.setQueryData<Profile>(currentProfileQueryKey, withFollowing(previousMe, previous, follow));
      }
      return { previous, previousMe };
    },
    onError: (_error, _follow, context) => {
      if (context?.previous) queryClient.setQueryData(profileKey, context.previous);
      if (context?.previousMe) queryClient.setQueryData(currentProfileQueryKey, context.previousMe);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: profileKey });
      void queryClient.invalidateQueries({ queryKey: currentProfileQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['following'] });
    },
  });
}
