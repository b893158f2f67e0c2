import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { headersOf, mockApi, type RecordedCall, type ReplyTo } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { TEST_TERMS, termsRoute } from '@/testing/terms';
import { beatPost, page, videoPost } from '@/testing/posts';
import { PromotePage } from './promote-page';

const routes = [{ path: '/promotion', element: <PromotePage /> }];
const beat = (id: string, title: string) => beatPost({ id, caption: title, title, cover_photo: '', audio_upload: `/media/${id}.mp3` });
const clip = (id: string, title: string) => videoPost({ id, caption: title, title, cover_photo: '', video_upload: `/media/${id}.mp4` });
const list = <P,>(...posts: P[]) => ({ status: 200 as const, body: { posts, pagination: page() } });
const none = { status: 200 as const, body: { data: [], total: 0 } };
const uploads = {
  'GET /beat/user-posts': list(beat('b-1', 'Afro Drill'), beat('b-2', 'Lagos Bounce')),
  'GET /video/user': list(clip('v-1', 'Studio Day')),
  'GET /audio/user': list<never>(),
  'GET /packages/myPromotions': none,
  ...termsRoute(),
};
const created: ReplyTo<'POST /payment/promote'> = { status: 201, body: { data: { id: 'pr-1', status: 'pending', price: 21428.57, days: 30 } } };

async function pickAndRequest(user: ReturnType<typeof userEvent.setup>, title = 'Afro Drill', duration = '1 Week') {
  await user.click(await screen.findByRole('button', { name: title }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Continue' }));
  await user.click(screen.getByRole('button', { name: duration }));
  await user.click(screen.getByRole('button', { name: 'Request Promotion' }));
}

describe('/promotion', () => {
  it('shows the fetch failure with Retry, and the list after Retry', async () => {
    let fail = true;
    mockApi({ ...uploads, 'GET /beat/user-posts': () => (fail ? { status: 500, body: { message: 'Server error. Please try again later.' } } : uploads['GET /beat/user-posts']) });
    const user = userEvent.setup();
    renderRoutes(routes, '/promotion');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch beats');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Afro Drill' })).toBeInTheDocument();
  });

  it('lists videos under Videos and opens a preview when one is picked; picking it again deselects it', async () => {
    mockApi(uploads);
    const user = userEvent.setup();
    renderRoutes(routes, '/promotion');
    await user.click(await screen.findByRole('button', { name: 'Videos' }));
    await user.click(await screen.findByRole('button', { name: 'Studio Day' }));
    const dialog = screen.getByRole('dialog', { name: 'Studio Day' });
    expect(dialog.querySelector('video')).toHaveAttribute('src', expect.stringContaining('/media/v-1.mp4'));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: 'Studio Day' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Request Promotion' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Studio Day' }));
    expect(screen.getByRole('button', { name: 'Studio Day' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Request Promotion' })).not.toBeInTheDocument();
  });

  it('stops the preview at 30 s and puts it back to the start', async () => {
    mockApi(uploads);
    const user = userEvent.setup();
    renderRoutes(routes, '/promotion');
    await user.click(await screen.findByRole('button', { name: 'Afro Drill' }));
    const audio = screen.getByRole('dialog', { name: 'Afro Drill' }).querySelector('audio')!;
    const pause = vi.spyOn(audio, 'pause').mockImplementation(() => {});
    audio.currentTime = 12;
    fireEvent.timeUpdate(audio);
    expect(pause).not.toHaveBeenCalled();
    audio.currentTime = 30.2;
    fireEvent.timeUpdate(audio);
    expect(pause).toHaveBeenCalled();
    expect(audio.currentTime).toBe(0);
  });

  it('summarises the price of each duration: ₦5,000 a week, ₦21,428.57 for a month', async () => {
    mockApi(uploads);
    const user = userEvent.setup();
    renderRoutes(routes, '/promotion');
    await user.click(await screen.findByRole('button', { name: 'Afro Drill' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = () => Object.fromEntries(screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    await screen.findByRole('button', { name: '1 Week' });
    expect(summary()).toEqual({ Content: 'Afro Drill', Type: 'beat', Duration: '1 Week', Price: '₦5,000.00' });
    await user.click(screen.getByRole('button', { name: '2 Weeks' }));
    expect(summary()).toMatchObject({ Duration: '2 Weeks', Price: '₦10,000.00' });
    await user.click(screen.getByRole('button', { name: '1 Month' }));
    expect(summary()).toMatchObject({ Duration: '1 Month', Price: '₦21,428.57' });
    expect(screen.getByText('Promotion requires admin approval (24-48 hours).')).toBeInTheDocument();
  });

  it('shows the lengths and price the terms serve: a price change on the server is the only change', async () => {
    mockApi({ ...uploads, ...termsRoute({ ...TEST_TERMS, promotion: { price_per_7_days: 7000, days: [7, 21] } }) });
    const user = userEvent.setup();
    renderRoutes(routes, '/promotion');
    await user.click(await screen.findByRole('button', { name: 'Afro Drill' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: '3 Weeks' }));
    expect(screen.queryByRole('button', { name: '1 Month' })).not.toBeInTheDocument();
    const summary = Object.fromEntries(screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(summary).toMatchObject({ Duration: '3 Weeks', Price: '₦21,000.00' });
  });

  it('requests the promotion with the post, its type, an end 30 days ahead and an Idempotency-Key, then refetches', async () => {
    const { calls } = mockApi({ ...uploads, 'POST /payment/promote': created });
    const user = userEvent.setup();
    renderRoutes(routes, '/promotion');
    const before = Date.now();
    await pickAndRequest(user, 'Afro Drill', '1 Month');
    expect(await screen.findByRole('status')).toHaveTextContent('Promotion requested for ₦21,428.57. It is pending: Promotion requires admin approval (24-48 hours).');
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/payment/promote')!;
    const body = JSON.parse(String(sent.init.body));
    expect(body).toMatchObject({ postId: 'b-1', type: 'beat' });
    const days = (Date.parse(body.timeline) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    expect(headersOf(sent)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(calls.filter((c) => c.path === '/packages/myPromotions')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/beat/user-posts').length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    [{ status: 400, body: { message: 'Missing required parameters' } }, 'Missing required parameters'],
    [{ status: 400, body: {} }, 'Invalid request'],
    [{ status: 404, body: { message: 'Post not found' } }, 'Post not found'],
    [{ status: 406, body: { message: 'Insufficient funds' } }, 'Insufficient funds'],
    [{ status: 500, body: { message: 'Database down' } }, 'Server error: Database down'],
    [{ status: 500, body: {} }, 'Server error: Please try again later'],
    [{ status: 409, body: { message: 'Already requested' } }, 'Error 409: Already requested'],
    [{ status: 503, body: {} }, 'Error 503: Unknown error'],
    ['network-error' as const, 'Network error: Could not connect to server'],
  ])('shows the §8 text for %j', async (reply, text) => {
    mockApi({ ...uploads, 'POST /payment/promote': reply });
    const user = userEvent.setup();
    renderRoutes(routes, '/promotion');
    await pickAndRequest(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('retries after no answer with the same Idempotency-Key, and a new attempt after an answer gets a new one', async () => {
    let reply: ReplyTo<'POST /payment/promote'> = 'network-error';
    const { calls } = mockApi({ ...uploads, 'POST /payment/promote': () => reply });
    const user = userEvent.setup();
    renderRoutes(routes, '/promotion');
    await pickAndRequest(user);
    await screen.findByRole('alert');
    reply = { status: 406, body: { message: 'Insufficient funds' } };
    await user.click(screen.getByRole('button', { name: 'Request Promotion' }));
    await screen.findByText('Insufficient funds');
    reply = created;
    await user.click(screen.getByRole('button', { name: 'Request Promotion' }));
    await screen.findByRole('status');
    const keys = calls.filter((c: RecordedCall) => c.path === '/payment/promote').map((c) => headersOf(c)['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('lists Active Promotions: approved ones green, the others yellow', async () => {
    const row = { package_name: 'In-App Promotion', category: 'in_app', reason: '', price: 5000, days: 7, post_id: 'b-1', impressions: 0, plays: 0 };
    const mine: ReplyTo<'GET /packages/myPromotions'> = { status: 200, body: { total: 2, data: [
      { ...row, id: 'p-1', title: 'Afro Drill', status: 'active', created_at: '2026-11-20T10:00:00Z', start_date: '2026-11-21T10:00:00Z', end_date: '2026-11-28T10:00:00Z' },
      { ...row, id: 'p-2', title: 'Lagos Bounce', status: 'pending', created_at: '2026-11-21T10:00:00Z', start_date: null, end_date: null, impressions: 0, plays: 0 },
    ] } };
    const { fetchMock } = mockApi({ ...uploads, 'GET /packages/myPromotions': mine });
    renderRoutes(routes, '/promotion');
    const active = await screen.findByRole('region', { name: 'Active Promotions' });
    const rows = await within(active).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['Afro Drill ₦5,000.00 · 21 Nov 2026 to 28 Nov 2026approved', 'Lagos Bounce ₦5,000.00 · 7 dayspending']);
    expect(within(rows[0]).getByText('approved')).toHaveClass('status-green');
    expect(within(rows[1]).getByText('pending')).toHaveClass('status-yellow');
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input))).find((u) => u.pathname.endsWith('/packages/myPromotions'))!;
    expect(asked.searchParams.get('category')).toBe('in_app');
  });
});
