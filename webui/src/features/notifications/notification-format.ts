import { paths } from '@/config/paths';
import type { AppNotification } from '@/types/api';

/**
 * Where tapping a notification leads (spec part 1 §4): posts to their pages by post type,
 * a follow to the follower's profile, a release's status to My releases, money news to where it
 * belongs. null when the notification names nothing to open.
 */
export function notificationTarget(n: AppNotification): string | null {
  if (n.type === 'FOLLOW') return n.action_user_id ? paths.profile(n.action_user_id) : null;
  // A release's status changed: its post_id is the release's id, shown in the owner's list.
  if (n.type === 'RELEASE_STATUS') return paths.releases;
  // A withdrawal settled: its post_id is the withdrawal's id; the wallet (the dashboard) shows it.
  if (n.type === 'WITHDRAWAL_COMPLETED' || n.type === 'WITHDRAWAL_FAILED') return paths.dashboard;
  // A deposit was credited: the wallet shows it.
  if (n.type === 'DEPOSIT') return paths.dashboard;
  // Money: a promotion's decision opens My Promotions, a subscription's month the plan page; a
  // beat sold opens the beat (post_type beat, below).
  if (n.type === 'PROMOTION_APPROVED' || n.type === 'PROMOTION_REJECTED') return paths.myPromotions;
  if (n.type === 'SUBSCRIPTION_RENEWED' || n.type === 'SUBSCRIPTION_LAPSED') return paths.subscribe;
  if (!n.post_id) return null;
  // A string, not the documented kinds: beats (commerce) will notify with post_type "beat".
  const kind: string = n.post_type || (n.type === 'POST_VIDEO' ? 'video' : 'audio');
  return paths.post(kind === 'video' || kind === 'beat' ? kind : 'audio', n.post_id);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "Just now", "5 minutes ago", "3 hours ago", "2 days ago", then the date; "Recently" when the
 * notification has no usable timestamp (spec part 1 §2).
 */
export function notificationTime(timestamp: string | undefined, now: number = Date.now()): string {
  const time = timestamp ? Date.parse(timestamp) : Number.NaN;
  if (Number.isNaN(time)) return 'Recently';
  const age = Math.max(0, now - time);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (age < MINUTE) return 'Just now';
  if (age < HOUR) return plural(Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return plural(Math.floor(age / HOUR), 'hour');
  if (age < 7 * DAY) return plural(Math.floor(age / DAY), 'day');
  return new Date(time).toLocaleDateString('en-NG', { year: 'numeric', month: 'short', day: 'numeric' });
}
