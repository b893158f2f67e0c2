import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { ProfileAbout } from './profile-about';
import { ProfileHeader } from './profile-header';
import { ProfileTabs } from './profile-tabs';
import { ShareButton } from './share-button';

/** /profile: your own profile (the guard has already loaded it); a producer's offers "Upload beat for sale". */
export function OwnProfilePage() {
  const { data: profile } = useCurrentProfile();
  if (!profile) return null;
  return (
    <div className="profile-page">
      <ProfileHeader
        profile={profile}
        actions={
          <>
            <Link to={paths.editProfile} className="btn btn-primary">Edit</Link>
            <ShareButton path={paths.profile(profile.id)} />
            <Link to={paths.dashboard} className="btn btn-secondary">Dashboard</Link>
            <Link to={paths.creatorHub} className="btn btn-secondary">Creator Hub</Link>
          </>
        }
      />
      <Link to={paths.library} className="my-beats-link">My Beats</Link>
      {profile.identity === 'producer' && (
        <Link to={paths.addPaidBeat} className="btn btn-primary">Upload beat for sale</Link>
      )}
      <ProfileAbout profile={profile} showContact />
      <ProfileTabs userId={profile.id} own />
    </div>
  );
}
