import { Link, Navigate, useParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { messageFor } from '@/lib/error-message';
import { isFollowing } from '../api/follow-profile';
import { profileByIdErrors, useProfile } from '../api/get-profile';
import { FollowButton } from './follow-button';
import { MessageButton } from './message-button';
import { ProfileAbout } from './profile-about';
import { ProfileHeader } from './profile-header';
import { ProfileTabs } from './profile-tabs';
import { ShareButton } from './share-button';

/** /profile/:userId: someone else's profile; your own id redirects to /profile. */
export function PublicProfilePage() {
  const { userId = '' } = useParams();
  const { data: me } = useCurrentProfile();
  const isMe = Boolean(me && me.id === userId);
  const query = useProfile(userId, !isMe);

  if (isMe) return <Navigate to={paths.ownProfile} replace />;
  if (query.isPending) return <Spinner label="Loading profile..." />;
  // A failed background refetch keeps showing the profile it already has.
  if (!query.data) {
    return (
      <section className="empty-state">
        <Alert>{messageFor(query.error, profileByIdErrors)}</Alert>
        <Link to={paths.home}>Back to Home</Link>
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
            <FollowButton profile={profile} />
            {/* Spec part 2 §2: Message shows only when the viewer follows this user. */}
            {isFollowing(profile, me?.id) && <MessageButton profile={profile} myId={me?.id ?? ''} />}
            <ShareButton path={paths.profile(profile.id)} />
          </>
        }
      />
      <ProfileAbout profile={profile} showContact={false} />
      <ProfileTabs userId={profile.id} />
    </div>
  );
}
