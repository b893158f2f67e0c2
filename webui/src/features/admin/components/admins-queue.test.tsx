import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import type { PendingAdmin } from '../api/admins-queue';
import { QueuesPage } from './queues-page';

const routes = [{ path: '/admin/queues', element: <QueuesPage /> }];
const onePage = { total: 1, totalPages: 1, currentPage: 1, hasNext: false, hasPrev: false, next: null };

const admin: PendingAdmin = { id: 'a-2', username: 'newadmin', email: 'new@zuum.ng', status: 'pending', approved: false, created_at: '2026-11-20T10:00:00Z' };

describe('admins queue', () => {
  it('asks for a reason before rejecting, then sends it', async () => {
    const { calls } = mockApi({
      'GET /admin/admins': { status: 200, body: { admins: [admin], pagination: onePage } },
      'POST /admin/admins/a-2/reject': { status: 200, body: { message: 'Rejected' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/queues?tab=admins');
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Admin newadmin' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please give a reason for the rejection')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason'), '  Not on the team  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Admin newadmin rejected.')).toBeInTheDocument();
    const post = calls.find((c) => c.path === '/admin/admins/a-2/reject')!;
    expect(JSON.parse(String(post.init.body))).toEqual({ reason: 'Not on the team' });
  });

  it('approves an admin, who leaves the queue', async () => {
    let pending = [admin];
    const { calls } = mockApi({
      'GET /admin/admins': () => ({ status: 200, body: { admins: pending, pagination: { ...onePage, total: pending.length } } }),
      'POST /admin/admins/a-2/approve': () => {
        pending = [];
        return { status: 200, body: { message: 'Admin approved', admin: { ...admin, status: 'approved', approved: true } } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/queues?tab=admins');
    const row = (await screen.findByText('new@zuum.ng')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Admin newadmin approved.')).toBeInTheDocument();
    expect(await screen.findByText('No admins are waiting for approval.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/admins/a-2/approve')).toHaveLength(1);
    const list = calls.find((c) => c.path === '/admin/admins')!;
    expect(list.method).toBe('GET');
  });

  it('shows the server\'s reason when a decision is refused, and keeps the item', async () => {
    mockApi({
      'GET /admin/admins': { status: 200, body: { admins: [admin], pagination: onePage } },
      'POST /admin/admins/a-2/approve': { status: 409, body: { message: 'This admin is not awaiting approval' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/queues?tab=admins');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This admin is not awaiting approval');
    expect(screen.getByText('new@zuum.ng')).toBeInTheDocument();
  });

  it.each([
    [401, 'Unauthorized - Please login again'],
    [403, 'Forbidden - You lack necessary permissions'],
    [500, 'Server error - Please try again later'],
    [502, 'Failed to fetch admins'],
  ])('shows the catalogue text when the queue answers %i', async (status, text) => {
    mockApi({ 'GET /admin/admins': { status, body: {} } });
    renderRoutes(routes, '/admin/queues?tab=admins');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
