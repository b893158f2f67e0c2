import { Link } from 'react-router-dom';
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
            <Link to="/editprofile" className="btn btn-primary">Edit</Link>
            <ShareButton path={`/profile/${profile.id}`} />
            <Link to="/dashboard" className="btn btn-secondary">Dashboard</Link>
            <Link to="/creator-hub" className="btn btn-secondary">Creator Hub</Link>
          </>
        }
      />
      <Link to="/purchasedbeats" className="my-beats-link">My Beats</Link>
      {profile.identity === 'producer' && (
        <Link to="/addpaybeat" className="btn btn-primary">Upload beat for sale</Link>
      )}
      <ProfileAbout profile={profile} showContact />
      <ProfileTabs userId={profile.id} own />
    </div>
  );
}
