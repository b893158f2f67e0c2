import { Link, Navigate, useParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { messageFor } from '@/lib/error-message';
import type { Profile } from '@/types/api';
import { profileByIdErrors, useProfile } from '../api/get-profile';
import { ProfileAbout } from './profile-about';
import { ProfileHeader } from './profile-header';
import { ProfileTabs } from './profile-tabs';
import { ShareButton } from './share-button';

function isFollowedBy(profile: Profile, viewerId: string): boolean {
  return (profile.followers_list ?? []).some((f) => (typeof f === 'string' ? f : f.id) === viewerId);
}

/** /profile/:userId: someone else's profile; your own id redirects to /profile. */
export function PublicProfilePage() {
  const { userId = '' } = useParams();
  const { data: me } = useCurrentProfile();
  const isMe = Boolean(me && me.id === userId);
  const query = useProfile(userId, !isMe);

  if (isMe) return <Navigate to="/profile" replace />;
  if (query.isPending) return <Spinner label="Loading profile..." />;
  if (query.isError) {
    return (
      <section className="empty-state">
        <Alert>{messageFor(query.error, profileByIdErrors)}</Alert>
        <Link to="/home">Back to Home</Link>
      </section>
    );
  }
  const profile = query.data;
  return (
    <div className="profile-page">
      <ProfileHeader
        profile={profile}
        actions={
          <>
            {me && isFollowedBy(profile, me.id) && (
              <Link to="/message" className="btn btn-primary">Message</Link>
            )}
            <ShareButton path={`/profile/${profile.id}`} />
          </>
        }
      />
      <ProfileAbout profile={profile} showContact={false} />
      <ProfileTabs userId={profile.id} />
    </div>
  );
}
