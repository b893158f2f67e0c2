import type { AdminMe } from '../api/admin-session';
import type { AdminUser, AdminUserPage } from '../api/users';

/** Answers of the admin API the screens' tests reply with. */
export const approvedAdmin: AdminMe = {
  admin: { id: 'a-1', username: 'chief', email: 'chief@zuum.ng', status: 'approved', approved: true, created_at: '2026-01-01T00:00:00Z' },
};

export const adaUser: AdminUser = {
  id: 'u-1',
  username: 'adabeats',
  email: 'ada@example.com',
  firstname: 'Ada',
  middlename: '',
  lastname: 'Obi',
  identity: 'artist',
  phonenumber: '08012345678',
  created_at: '2026-01-15T10:00:00Z',
  deactivated: false,
};

export const goneUser: AdminUser = { ...adaUser, id: 'u-2', username: 'gone', email: 'gone@example.com', deactivated: true };

export function userPage(users: AdminUser[], page = 1, total = users.length, totalPages = 1): AdminUserPage {
  return { users, currentPage: page, total, totalPages, next: page < totalPages ? `cursor-${page + 1}` : null };
}
