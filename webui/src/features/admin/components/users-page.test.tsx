import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { adaUser, goneUser, userPage } from '../testing/admin-samples';
import { UsersPage } from './users-page';

const routes = [{ path: '/users', element: <UsersPage /> }];

/** The query string of each GET /admin/users call, read from what fetch was asked. */
function listQueries(fetchMock: ReturnType<typeof mockApi>['fetchMock']) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input instanceof Request ? input.url : input)))
    .filter((u) => u.pathname.endsWith('/admin/users'))
    .map((u) => Object.fromEntries(u.searchParams));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('admin users page', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  it('lists users with their status; Deactivate is hidden for a deactivated user, who gets Reactivate', async () => {
    mockApi({ 'GET /admin/users': { status: 200, body: userPage([adaUser, goneUser]) } });
    renderRoutes(routes, '/users');
    const adaRow = (await screen.findByText('adabeats')).closest('tr')!;
    expect(within(adaRow).getByText('Active')).toBeInTheDocument();
    expect(within(adaRow).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    const goneRow = screen.getByText('gone').closest('tr')!;
    expect(within(goneRow).getByText('Deactivated')).toBeInTheDocument();
    expect(within(goneRow).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(within(goneRow).getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
  });

  it('searches by what is typed, from the first page, and says when nothing matches', async () => {
    let matches = true;
    const { fetchMock } = mockApi({
      'GET /admin/users': () => ({ status: 200, body: matches ? userPage([adaUser], 1, 11, 2) : userPage([]) }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/users');
    await screen.findByText('adabeats');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toEqual({ page: '2', limit: '10' }));
    matches = false;
    await user.type(screen.getByLabelText('Search users'), 'zz');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toEqual({ page: '1', limit: '10', search: 'zz' }));
    expect(await screen.findByText('No users match "zz".')).toBeInTheDocument();
  });

  it('pages with Previous and Next and shows where it is', async () => {
    const { fetchMock } = mockApi({ 'GET /admin/users': { status: 200, body: userPage([adaUser], 1, 25, 3) } });
    const user = userEvent.setup();
    renderRoutes(routes, '/users');
    expect(await screen.findByText('Page 1 of 3 · 25 users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ page: '2' }));
  });

  it('shows every field in View details', async () => {
    mockApi({ 'GET /admin/users': { status: 200, body: userPage([adaUser]) } });
    const user = userEvent.setup();
    renderRoutes(routes, '/users');
    await user.click(await screen.findByRole('button', { name: 'View details' }));
    const dialog = screen.getByRole('dialog', { name: 'User details' });
    expect(within(dialog).getByText('Ada Obi')).toBeInTheDocument();
    expect(within(dialog).getByText('08012345678')).toBeInTheDocument();
    expect(within(dialog).getByText('ada@example.com')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deactivates after confirmation, shows the banner and asks for the list again 2 s later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    let deactivated = false;
    const { calls } = mockApi({
      'GET /admin/users': () => ({ status: 200, body: userPage([{ ...adaUser, deactivated }]) }),
      'POST /admin/auth/deactivate': () => {
        deactivated = true;
        return { status: 200, body: { message: 'User deactivated' } };
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoutes(routes, '/users');
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate user' });
    expect(dialog).toHaveTextContent('Are you sure you want to deactivate adabeats');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully!')).toBeInTheDocument();
    const post = calls.find((c) => c.path === '/admin/auth/deactivate')!;
    expect(JSON.parse(String(post.init.body))).toEqual({ userId: 'u-1' });
    const listed = calls.filter((c) => c.path === '/admin/users').length;
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(calls.filter((c) => c.path === '/admin/users')).toHaveLength(listed);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByText('Deactivated')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/users').length).toBeGreaterThan(listed);
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
  });

  it('cancelling the confirmation deactivates nobody', async () => {
    const { calls } = mockApi({ 'GET /admin/users': { status: 200, body: userPage([adaUser]) } });
    const user = userEvent.setup();
    renderRoutes(routes, '/users');
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/admin/auth/deactivate')).toBe(false);
  });

  it('reactivates a deactivated user', async () => {
    const { calls } = mockApi({
      'GET /admin/users': { status: 200, body: userPage([goneUser]) },
      'POST /admin/auth/reactivate': { status: 200, body: { message: 'ok' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/users');
    await user.click(await screen.findByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('User reactivated successfully!')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.path === '/admin/auth/reactivate')!.init.body))).toEqual({ userId: 'u-2' });
  });

  it.each([
    [400, 'Validation error: Invalid request'],
    [401, 'Unauthorized - Please login again'],
    [403, 'Forbidden - You lack necessary permissions'],
    [500, 'Server error - Please try again later'],
    [502, 'Failed to fetch users'],
  ])('shows the catalogue text when the list answers %i', async (status, text) => {
    mockApi({ 'GET /admin/users': { status, body: {} } });
    renderRoutes(routes, '/users');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('says so when the list gets no answer', async () => {
    mockApi({ 'GET /admin/users': 'network-error' });
    renderRoutes(routes, '/users');
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error - Could not connect to server');
  });

  it('shows the loading text, then the empty text', async () => {
    mockApi({ 'GET /admin/users': { status: 200, body: userPage([]) } });
    renderRoutes(routes, '/users');
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
    expect(await screen.findByText('No users yet.')).toBeInTheDocument();
  });

  it('keeps the user listed and says why when the deactivation fails', async () => {
    mockApi({
      'GET /admin/users': { status: 200, body: userPage([adaUser]) },
      'POST /admin/auth/deactivate': { status: 403, body: { message: 'Forbidden - You lack necessary permissions' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/users');
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden - You lack necessary permissions');
    expect(screen.queryByText('User deactivated successfully!')).not.toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
  });
});
