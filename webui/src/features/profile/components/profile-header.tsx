import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { mediaUrl } from '@/lib/media-url';
import type { Profile } from '@/types/api';
import { fullName, identityLabel } from '../profile-format';

/** Cover, avatar, badge, names and counts; `actions` holds the page's buttons. */
export function ProfileHeader({ profile, actions }: { profile: Profile; actions: ReactNode }) {
  const cover = mediaUrl(profile.cover_image);
  const followers = profile.followers_count ?? profile.followers_list?.length ?? 0;
  const following = profile.following_count ?? profile.following_list?.length ?? 0;
  return (
    <header className="profile-header">
      <div className="profile-cover" style={cover ? { backgroundImage: `url("${cover}")` } : undefined}>
        {cover && <img src={cover} alt="Cover image" className="visually-hidden" />}
      </div>
      <div className="profile-identity">
        <Avatar src={profile.image} alt={`${profile.username}'s profile picture`} size={88} className="profile-avatar" />
        <h1>
          @{profile.username}
          {profile.is_admin && <span className="badge">Admin</span>}
        </h1>
        <p className="profile-role">{identityLabel(profile.identity)}</p>
        <p className="profile-name">{fullName(profile)}</p>
        <dl className="profile-counts">
          <div>
            <dt>Followers</dt>
            <dd>{followers}</dd>
          </div>
          <div>
            <dt>Following</dt>
            <dd>{following}</dd>
          </div>
        </dl>
        <div className="profile-actions">{actions}</div>
      </div>
    </header>
  );
}
