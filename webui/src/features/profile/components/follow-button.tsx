import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { messageFor } from '@/lib/error-message';
import type { Profile } from '@/types/api';
import { NO_CHANGES, followErrors, isFollowing, useFollowProfile } from '../api/follow-profile';

type Notice = { tone: 'error' | 'info'; text: string };

/**
 * Follow / Unfollow another profile (spec part 1 §4): the count changes at once, the button
 * reads "Following..." or "Unfollowing..." while the call runs, and a failure puts everything
 * back with the catalogue's reason.
 */
export function FollowButton({ profile }: { profile: Profile }) {
  const { data: me } = useCurrentProfile();
  const follow = useFollowProfile(profile.id);
  const [notice, setNotice] = useState<Notice | null>(null);
  const following = isFollowing(profile, me?.id);

  const toggle = () => {
    setNotice(null);
    follow.mutate(!following, {
      onSuccess: (answer) => {
        if (answer?.changed === false) setNotice({ tone: 'info', text: answer.message || NO_CHANGES });
      },
      onError: (error) => setNotice({ tone: 'error', text: messageFor(error, followErrors) }),
    });
  };

  const label = follow.isPending
    ? follow.variables ? 'Following...' : 'Unfollowing...'
    : following ? 'Unfollow' : 'Follow';
  return (
    <>
      <Button variant={following ? 'secondary' : 'primary'} onClick={toggle} disabled={follow.isPending}>
        {label}
      </Button>
      {notice && (
        <div className="follow-notice">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      )}
    </>
  );
}
