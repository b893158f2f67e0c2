import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { AuditPage, describeState } from './audit-page';

const entry = {
  id: 'e-1',
  admin_id: 'a-1',
  admin_username: 'chief',
  action: 'user.deactivate',
  target_type: 'user',
  target_id: 'u-1',
  before: { deactivated: false },
  after: { deactivated: true },
  at: '2026-11-23T20:00:00Z',
};

const onePage = { total: 1, totalPages: 1, currentPage: 1, hasNext: false, hasPrev: false, next: null };

const routes = [{ path: '/admin/audit', element: <AuditPage /> }];

describe('audit list', () => {
  it('lists who did what to which item, and the change', async () => {
    mockApi({
      'GET /admin/audit': {
        status: 200,
        body: {
          entries: [
            entry,
          ],
          pagination: onePage,
        },
      },
    });
    renderRoutes(routes, '/admin/audit');
    const row = (await screen.findByText('user.deactivate')).closest('tr')!;
    expect(within(row).getByText('chief')).toBeInTheDocument();
    expect(within(row).getByText('u-1')).toBeInTheDocument();
    expect(within(row).getByText('deactivated: false')).toBeInTheDocument();
    expect(within(row).getByText('deactivated: true')).toBeInTheDocument();
  });

  it('says when nothing was recorded', async () => {
    mockApi({ 'GET /admin/audit': { status: 200, body: { entries: [], pagination: { ...onePage, total: 0 } } } });
    renderRoutes(routes, '/admin/audit');
    expect(await screen.findByText('No admin actions recorded yet.')).toBeInTheDocument();
  });

  it('pages through the log', async () => {
    const { fetchMock } = mockApi({
      'GET /admin/audit': { status: 200, body: { entries: [entry], pagination: { ...onePage, total: 45, totalPages: 3 } } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/audit');
    expect(await screen.findByText('Page 1 of 3 · 45 entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => new URL(String(input)).search)).toContain('?page=2&limit=20'),
    );
  });

  it('shows the catalogue text for a 401', async () => {
    mockApi({ 'GET /admin/audit': { status: 401, body: {} } });
    renderRoutes(routes, '/admin/audit');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unauthorized - Please login again');
  });

  it('describes before and after values in one line', () => {
    expect(describeState({ status: 'pending' })).toBe('status: pending');
    expect(describeState(null)).toBe('—');
    expect(describeState({})).toBe('—');
    expect(describeState({ window: { days: 7 } })).toBe('window: {"days":7}');
  });
});
