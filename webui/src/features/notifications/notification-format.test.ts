import { describe, expect, it } from 'vitest';
import type { AppNotification } from '@/types/api';
import { notificationTarget, notificationTime } from './notification-format';

const base: AppNotification = {
  id: 'n', type: 'LIKE', name: 'ada', message: 'liked your post', timestamp: '', read: false,
  post_id: 'p 1', post_type: 'audio', action_user_id: 'u-9', action_user_image: '',
};

describe('notificationTarget (spec part 1 §4)', () => {
  it.each([
    [{ type: 'POST_AUDIO', post_type: 'audio' }, '/music/p%201'],
    [{ type: 'LIKE', post_type: 'audio' }, '/music/p%201'],
    [{ type: 'COMMENT', post_type: 'audio' }, '/music/p%201'],
    [{ type: 'COMMENT', post_type: '' }, '/music/p%201'],
    [{ type: 'POST_VIDEO', post_type: 'video' }, '/videos/p%201'],
    [{ type: 'POST_VIDEO', post_type: '' }, '/videos/p%201'],
    [{ type: 'LIKE', post_type: 'video' }, '/videos/p%201'],
    [{ type: 'LIKE', post_type: 'beat' }, '/beats/p%201'],
    [{ type: 'FOLLOW', post_type: '', post_id: '' }, '/profile/u-9'],
    [{ type: 'FOLLOW', action_user_id: '' }, null],
    [{ type: 'LIKE', post_id: '' }, null],
    [{ type: 'RELEASE_STATUS', post_type: '', action_user_id: '' }, '/distribution/releases'],
    [{ type: 'WITHDRAWAL_COMPLETED', post_type: '', action_user_id: '' }, '/dashboard'],
    [{ type: 'WITHDRAWAL_FAILED', post_type: '', action_user_id: '' }, '/dashboard'],
    [{ type: 'DEPOSIT', post_type: '', post_id: '', action_user_id: '' }, '/dashboard'],
    [{ type: 'BEAT_SOLD', post_type: 'beat' }, '/beats/p%201'],
    [{ type: 'PROMOTION_REJECTED', post_type: '', post_id: '' }, '/user/promotions'],
    [{ type: 'PROMOTION_APPROVED', post_type: 'audio' }, '/user/promotions'],
    [{ type: 'SUBSCRIPTION_LAPSED', post_type: '', post_id: '' }, '/subscribe'],
  ] as const)('%o → %s', (change, expected) => {
    expect(notificationTarget({ ...base, ...change } as AppNotification)).toBe(expected);
  });
});

describe('notificationTime', () => {
  const now = Date.parse('2025-06-10T12:00:00Z');
  it.each([
    ['', 'Recently'],
    ['not a date', 'Recently'],
    ['2025-06-10T11:59:30Z', 'Just now'],
    ['2025-06-10T11:59:00Z', '1 minute ago'],
    ['2025-06-10T11:15:00Z', '45 minutes ago'],
    ['2025-06-10T09:00:00Z', '3 hours ago'],
    ['2025-06-09T11:00:00Z', '1 day ago'],
    ['2025-06-04T12:00:00Z', '6 days ago'],
  ])('%s → %s', (timestamp, expected) => {
    expect(notificationTime(timestamp, now)).toBe(expected);
  });

  it('shows the date after a week', () => {
    expect(notificationTime('2025-01-02T12:00:00Z', now)).toMatch(/2025/);
  });
});
