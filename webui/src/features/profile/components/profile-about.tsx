import type { Profile } from '@/types/api';

function joinedDate(createdAt?: string): string {
  if (!createdAt) return 'N/A';
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleDateString('en-NG', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Bio, contact (own profile only), joined date and subscription status (spec §2 Profile). */
export function ProfileAbout({ profile, showContact }: { profile: Profile; showContact: boolean }) {
  return (
    <section className="profile-about" aria-label="About">
      <h2>Bio</h2>
      <p>{profile.bio?.trim() || 'No bio provided'}</p>
      <dl>
        {showContact && (
          <>
            <dt>Email</dt>
            <dd>{profile.email || 'N/A'}</dd>
            <dt>Phone</dt>
            <dd>{profile.phonenumber || 'N/A'}</dd>
          </>
        )}
        <dt>Joined</dt>
        <dd>{joinedDate(profile.created_at)}</dd>
        <dt>Subscription</dt>
        <dd>{profile.subscription_status || 'None'}</dd>
      </dl>
    </section>
  );
}
