import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import type { PendingPromotion } from '../api/promotions-queue';
import { QueuesPage } from './queues-page';

const routes = [{ path: '/admin/queues', element: <QueuesPage /> }];
const onePage = { total: 1, totalPages: 1, currentPage: 1, hasNext: false, hasPrev: false, next: null };

const promotion: PendingPromotion = {
  id: 'p-1',
  category: 'in_app',
  status: 'pending',
  username: 'adabeats',
  user_id: 'u-1',
  title: 'Lagos Nights (live)',
  post_id: 'post-1',
  post_type: 'audio',
  package_id: null,
  package_name: null,
  fields: {},
  price: 21428.57,
  days: 30,
  reason: null,
  created_at: '2026-11-20T10:00:00Z',
  start_date: null,
  end_date: null,
};

const mass: PendingPromotion = {
  ...promotion,
  id: 'p-2',
  category: 'tv',
  title: 'Summer single',
  post_id: null,
  post_type: null,
  package_id: 'tv-gold',
  package_name: 'Gold',
  fields: { station: 'Channels TV', artistName: 'Ada' },
  price: 150000,
  days: 7,
};

describe('promotions queue', () => {
  it('opens on promotions, with the price in naira, and approves one', async () => {
    let pending = [promotion];
    const { calls } = mockApi({
      'GET /admin/promotions': () => ({ status: 200, body: { promotions: pending, total: pending.length } }),
      'POST /admin/promotions/p-1/approve': () => {
        pending = [];
        return { status: 200, body: { promotion: { ...promotion, status: 'approved' } } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/queues');
    const row = (await screen.findByText('In-app audio promotion')).closest('tr')!;
    expect(within(row).getByText('₦21,428.57')).toBeInTheDocument();
    expect(within(row).getByText('adabeats')).toBeInTheDocument();
    expect(within(row).getByText('Lagos Nights (live)')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('In-app audio promotion approved.')).toBeInTheDocument();
    expect(await screen.findByText('No promotions are waiting for review.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/promotions/p-1/approve')).toHaveLength(1);
  });

  it('shows a mass promotion with its package and form, and rejects it with a reason', async () => {
    const { calls } = mockApi({
      'GET /admin/promotions': { status: 200, body: { promotions: [mass], total: 1 } },
      'POST /admin/promotions/p-2/reject': { status: 200, body: { promotion: { ...mass, status: 'rejected' } } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/queues');
    const row = (await screen.findByText('Gold (tv)')).closest('tr')!;
    expect(within(row).getByText('₦150,000.00')).toBeInTheDocument();
    expect(within(row).getByText('Channels TV')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Gold (tv)' });
    await user.type(within(dialog).getByLabelText('Reason'), 'The artwork has links');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Gold (tv) rejected.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.path === '/admin/promotions/p-2/reject')!.init.body))).toEqual({ reason: 'The artwork has links' });
  });

  it.each([
    [401, 'Unauthorized - Please login again'],
    [403, 'Forbidden - You lack necessary permissions'],
    [500, 'Server error - Please try again later'],
    [502, 'Failed to fetch promotions'],
  ])('shows the catalogue text when the queue answers %i', async (status, text) => {
    mockApi({ 'GET /admin/promotions': { status, body: {} } });
    renderRoutes(routes, '/admin/queues');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('switches tabs through the address and shows each queue\'s empty text', async () => {
    mockApi({
      'GET /admin/promotions': { status: 200, body: { promotions: [], total: 0 } },
      'GET /admin/admins': { status: 200, body: { admins: [], pagination: { ...onePage, total: 0 } } },
      'GET /admin/releases': { status: 200, body: { releases: [], pagination: { ...onePage, total: 0 } } },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/admin/queues');
    expect(await screen.findByText('No promotions are waiting for review.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Admins' }));
    expect(await screen.findByText('No admins are waiting for approval.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=admins');
    await user.click(screen.getByRole('tab', { name: 'Releases' }));
    expect(await screen.findByText('No releases are waiting for review.')).toBeInTheDocument();
  });
});
