import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { beatPost, page, stubMedia } from '@/features/posts/testing/player-stubs';
import { headersOf, mockApi, type RecordedCall, type ReplyTo } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { BeatsPage, UserBeatsPage } from './beat-list-pages';
import { BeatPage } from './beat-page';

const routes = [
  { path: '/beats', element: <BeatsPage /> },
  { path: '/beats/:id', element: <BeatPage /> },
  { path: '/userbeats/:userId', element: <UserBeatsPage /> },
  { path: '/purchasedbeats', element: <p>Library</p> },
  { path: '/dashboard', element: <p>Wallet</p> },
  { path: '/profile/:userId', element: <p>Their profile</p> },
];
const me = { 'GET /user/profile': { status: 200, body: sampleProfile } } as const;

const purchase = {
  id: 'p-1',
  post_id: 'b-1',
  caption: 'Afro Drill',
  username: 'labelboss',
  cover_photo: '',
  cover_width: 0,
  cover_height: 0,
  cover_placeholder: '',
  cover_renditions: [],
  audio_upload: 'http://127.0.0.1:4566/zuum-media/media/b-1/preview.mp3',
  full_audio: 'http://127.0.0.1:4566/zuum-media/media/b-1/full.mp3',
  amount: 999,
  purchase_date: '2026-03-01T12:00:00Z',
  genre: '',
  downloads_remaining: 5,
  licence_number: 'ZUUM-AB12-CD34-EF56',
};
const bought = { status: 201, body: { message: 'Purchase successful', data: purchase } };
const purchases = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/beat/purchase');

async function openAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Buy License ₦999.00' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Purchase' });
  expect(dialog).toHaveTextContent('Buy a licence to Afro Drill by labelboss for ₦999.00?');
  await user.click(within(dialog).getByRole('button', { name: 'Confirm Purchase' }));
}

describe('/beats/{id}', () => {
  it('says "Loading beat..." while it loads', async () => {
    mockApi({ ...me, 'GET /beat/b-1': 'pending' });
    renderRoutes(routes, '/beats/b-1');
    expect(await screen.findByText('Loading beat...')).toBeInTheDocument();
  });

  it('shows the beat: title, artist link, Available x/total, duration, price and the default description', async () => {
    stubMedia();
    mockApi({ ...me, 'GET /beat/b-1': { status: 200, body: { post: beatPost({ description: '  ', available: 97, total_supply: 100 }) } } });
    renderRoutes(routes, '/beats/b-1');
    expect(await screen.findByRole('heading', { name: 'Afro Drill' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'labelboss' })).toHaveAttribute('href', '/profile/u-2');
    expect(screen.getByText('Available 97/100')).toBeInTheDocument();
    expect(screen.getByText('1:35')).toBeInTheDocument();
    expect(screen.getByText('No description provided.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Buy License ₦999.00' })).toBeEnabled();
    expect(document.querySelector('audio')).toHaveAttribute('src', beatPost().preview_url);
  });

  it('shows a buyer "You own this beat", the full beat, Download and the licence instead of Buy License', async () => {
    stubMedia();
    mockApi({
      ...me,
      'GET /beat/b-1': { status: 200, body: { post: beatPost() } },
      'GET /beat/b-1/purchase': { status: 200, body: { purchase } },
    });
    renderRoutes(routes, '/beats/b-1');
    const owned = await screen.findByRole('region', { name: 'Your licence' });
    expect(within(owned).getByRole('heading', { name: 'You own this beat' })).toBeInTheDocument();
    expect(within(owned).getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(within(owned).getByRole('link', { name: 'Licence' })).toHaveAttribute('href', expect.stringContaining('/beat/purchase/p-1/licence'));
    expect(within(owned).getByText(/ZUUM-AB12-CD34-EF56/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy License/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Buy a licence for the full beat/)).not.toBeInTheDocument();
    expect(document.querySelector('audio')).toHaveAttribute('src', purchase.full_audio);
  });

  it('offers a stranger (no purchase) Buy License and the preview', async () => {
    stubMedia();
    mockApi({
      ...me,
      'GET /beat/b-1': { status: 200, body: { post: beatPost() } },
      'GET /beat/b-1/purchase': { status: 200, body: { purchase: null } },
    });
    renderRoutes(routes, '/beats/b-1');
    expect(await screen.findByRole('button', { name: 'Buy License ₦999.00' })).toBeEnabled();
    expect(screen.getByText(/Buy a licence for the full beat/)).toBeInTheDocument();
    expect(screen.queryByText('You own this beat')).not.toBeInTheDocument();
    expect(document.querySelector('audio')).toHaveAttribute('src', beatPost().preview_url);
  });

  it('shows "Error Loading Beat" with Try Again and Go Back when the beat could not be read', async () => {
    let up = false;
    mockApi({
      ...me,
      'GET /beat/b-1': () => (up ? { status: 200, body: { post: beatPost() } } : { status: 500, body: { message: 'Server error' } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/beats/b-1');
    expect(await screen.findByRole('heading', { name: 'Error Loading Beat' })).toBeInTheDocument();
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Afro Drill' })).toBeInTheDocument();
  });

  it('offers no Try Again for a beat that is not there (404), only Go Back', async () => {
    mockApi({ ...me, 'GET /beat/b-1': { status: 404, body: { message: 'Beat post not found' } } });
    renderRoutes(routes, '/beats/b-1');
    expect(await screen.findByRole('heading', { name: 'Error Loading Beat' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Beat post not found');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('Go Back leads to the beats for sale when the page was opened directly', async () => {
    mockApi({
      ...me,
      'GET /beat/gone': { status: 404, body: { message: 'Beat post not found' } },
      'GET /beat': { status: 200, body: { posts: [], pagination: page({ total: 0 }) } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/beats/gone');
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { name: 'Beats for Sale' })).toBeInTheDocument();
  });

  it('buys after the confirmation, with a UUID Idempotency-Key and the price seen, then says "Purchase successful"', async () => {
    stubMedia();
    const { calls } = mockApi({ ...me, 'GET /beat/b-1': { status: 200, body: { post: beatPost() } }, 'POST /beat/purchase': bought });
    const user = userEvent.setup();
    renderRoutes(routes, '/beats/b-1');
    await openAndConfirm(user);
    const success = await screen.findByText('Purchase successful');
    expect(success.closest('[role="status"]')).toHaveTextContent('Licence ZUUM-AB12-CD34-EF56');
    expect(screen.getByRole('link', { name: 'Go to Your Library' })).toHaveAttribute('href', '/purchasedbeats');
    const [call] = purchases(calls);
    expect(JSON.parse(String(call.init.body))).toEqual({ postId: 'b-1', amount: 999 });
    expect(headersOf(call)['idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The counters move at once: one more buyer, one fewer available.
    expect(screen.getByText('Available 96/100')).toBeInTheDocument();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    stubMedia();
    const { calls } = mockApi({ ...me, 'GET /beat/b-1': { status: 200, body: { post: beatPost() } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/beats/b-1');
    await user.click(await screen.findByRole('button', { name: 'Buy License ₦999.00' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(purchases(calls)).toHaveLength(0);
  });

  it('opens "Purchase Error" on a short balance, says which field and leads to the deposit', async () => {
    stubMedia();
    mockApi({
      ...me,
      'GET /beat/b-1': { status: 200, body: { post: beatPost() } },
      'POST /beat/purchase': { status: 400, body: { message: 'Validation error or insufficient balance', errors: [{ field: 'amount', msg: 'Insufficient balance' }] } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/beats/b-1');
    await openAndConfirm(user);
    const dialog = await screen.findByRole('alertdialog', { name: 'Purchase Error' });
    expect(dialog).toHaveTextContent('Validation error or insufficient balance');
    expect(dialog).toHaveTextContent('Insufficient balance');
    expect(within(dialog).getByRole('link', { name: 'Deposit funds into your wallet' })).toHaveAttribute('href', '/dashboard?deposit=1');
  });

  it('resends the same attempt with the same key after a server fault; a refusal that cannot change offers no Try Again', async () => {
    stubMedia();
    const answers = [
      { status: 500, body: { message: 'Server error. Please try again later.' } },
      { status: 404, body: { message: 'Beat not found or sold out' } },
      bought,
    ];
    const { calls } = mockApi({ ...me, 'GET /beat/b-1': { status: 200, body: { post: beatPost() } }, 'POST /beat/purchase': () => answers.shift()! });
    const user = userEvent.setup();
    renderRoutes(routes, '/beats/b-1');
    await openAndConfirm(user);
    expect(await screen.findByRole('alertdialog', { name: 'Purchase Error' })).toHaveTextContent('Server error');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    const refused = await screen.findByRole('alertdialog', { name: 'Purchase Error' });
    await waitFor(() => expect(refused).toHaveTextContent('Beat not found or sold out'));
    expect(within(refused).queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    await user.click(within(refused).getByRole('button', { name: 'Close' }));
    await openAndConfirm(user);
    expect(await screen.findByText('Purchase successful')).toBeInTheDocument();
    const keys = purchases(calls).map((c) => headersOf(c)['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('shows the wallet balance in the confirmation, and says early when it is not enough', async () => {
    stubMedia();
    const wallet = (balance: number): ReplyTo<'GET /wallet'> => ({ status: 200, body: { balance, currency: 'NGN', recent: [], totals: { purchases: 0, sales: 0, deposits: 0 } } });
    const { calls } = mockApi({ ...me, 'GET /beat/b-1': { status: 200, body: { post: beatPost() } }, 'GET /wallet': wallet(500) });
    const user = userEvent.setup();
    renderRoutes(routes, '/beats/b-1');
    await user.click(await screen.findByRole('button', { name: 'Buy License ₦999.00' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Purchase' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your wallet balance: ₦500.00. It is not enough for this beat: deposit funds first.');
    expect(within(dialog).getByRole('button', { name: 'Confirm Purchase' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(purchases(calls)).toHaveLength(0);
  });

  it('reads the beat again after a 409 (price changed), so the next attempt offers and sends the new price', async () => {
    stubMedia();
    let price = 999;
    const { calls } = mockApi({
      ...me,
      'GET /beat/b-1': () => ({ status: 200, body: { post: beatPost({ amount: price, price }) } }),
      'POST /beat/purchase': (call) =>
        JSON.parse(String(call.init.body)).amount === price
          ? bought
          : { status: 409, body: { message: 'The price of this beat is ₦1,200.00, not the amount you sent' } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/beats/b-1');
    await user.click(await screen.findByRole('button', { name: 'Buy License ₦999.00' }));
    price = 1200;
    await user.click(await screen.findByRole('button', { name: 'Confirm Purchase' }));
    expect(await screen.findByRole('alertdialog', { name: 'Purchase Error' })).toHaveTextContent('The price of this beat is ₦1,200.00, not the amount you sent');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Buy License ₦1,200.00' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Purchase' }));
    expect(await screen.findByText('Purchase successful')).toBeInTheDocument();
    const sent = purchases(calls).map((c) => [JSON.parse(String(c.init.body)).amount, headersOf(c)['idempotency-key']]);
    expect(sent.map(([amount]) => amount)).toEqual([999, 1200]);
    expect(sent[1][1]).not.toBe(sent[0][1]);
  });

  it('cannot buy your own beat or a sold-out one', async () => {
    stubMedia();
    mockApi({
      ...me,
      'GET /beat/mine': { status: 200, body: { post: beatPost({ id: 'mine', profile_id: sampleProfile.id }) } },
      'GET /beat/gone': { status: 200, body: { post: beatPost({ id: 'gone', available: 0, total_buyers: 100 }) } },
    });
    const first = renderRoutes(routes, '/beats/mine');
    expect(await screen.findByRole('button', { name: 'Buy License ₦999.00' })).toBeDisabled();
    expect(screen.getByText('This is your beat.')).toBeInTheDocument();
    first.unmount();
    renderRoutes(routes, '/beats/gone');
    expect(await screen.findByRole('button', { name: 'Sold Out' })).toBeDisabled();
    expect(screen.getByText('Available 0/100')).toBeInTheDocument();
  });
});

describe('/userbeats/{userId} and /beats', () => {
  it("lists a user's beats with preview, price, supply, buyers, likes, comments and View Beat", async () => {
    stubMedia();
    const { calls } = mockApi({ ...me, 'GET /beat/user/u-2': { status: 200, body: { posts: [beatPost()], pagination: page() } } });
    renderRoutes(routes, '/userbeats/u-2');
    const card = await screen.findByRole('listitem', { name: 'Afro Drill' });
    expect(card).toHaveTextContent('₦999.00');
    expect(within(card).getByRole('button', { name: 'Play 10s Preview' })).toBeInTheDocument();
    const stats = Object.fromEntries(within(card).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(stats).toEqual({ Supply: '100', Buyers: '3', Likes: '5', Comments: '1' });
    expect(within(card).getByRole('link', { name: 'View Beat' })).toHaveAttribute('href', '/beats/b-1');
    expect(calls.filter((c) => c.path === '/beat/user/u-2')).toHaveLength(1);
  });

  it('says "You have no beats yet." on your own empty /userbeats', async () => {
    mockApi({ ...me, [`GET /beat/user/${sampleProfile.id}`]: { status: 200, body: { posts: [], pagination: page({ total: 0 }) } } });
    renderRoutes(routes, `/userbeats/${sampleProfile.id}`);
    expect(await screen.findByText('You have no beats yet.')).toBeInTheDocument();
  });

  it("says another user has no beats for sale, not \"You\", on their empty /userbeats", async () => {
    mockApi({ ...me, 'GET /beat/user/u-9': { status: 200, body: { posts: [], pagination: page({ total: 0 }) } } });
    renderRoutes(routes, '/userbeats/u-9');
    expect(await screen.findByText('This user has no beats for sale yet.')).toBeInTheDocument();
    expect(screen.queryByText('You have no beats yet.')).not.toBeInTheDocument();
  });

  it('labels a sold-out beat "Sold out" in /beats, and only that one', async () => {
    stubMedia();
    mockApi({
      ...me,
      'GET /beat': { status: 200, body: { posts: [beatPost({ available: 0, total_buyers: 100 }), beatPost({ id: 'b-2', caption: 'Second Beat' })], pagination: page() } },
    });
    renderRoutes(routes, '/beats');
    const soldOut = await screen.findByRole('listitem', { name: 'Afro Drill' });
    expect(within(soldOut).getByText('Sold out')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Second Beat' })).queryByText('Sold out')).not.toBeInTheDocument();
  });

  it('lists every beat for sale, 20 a page, following the cursor', async () => {
    stubMedia();
    const { fetchMock } = mockApi({
      ...me,
      'GET /beat': () => {
        const url = new URL(String(fetchMock.mock.calls.at(-1)?.[0]));
        return url.searchParams.get('cursor') === 'n2'
          ? { status: 200, body: { posts: [beatPost({ id: 'b-2', caption: 'Second Beat' })], pagination: page() } }
          : { status: 200, body: { posts: [beatPost()], pagination: page({ hasNext: true, next: 'n2' }) } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/beats');
    await screen.findByRole('listitem', { name: 'Afro Drill' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Second Beat' })).toBeInTheDocument();
    const queries = fetchMock.mock.calls.map(([u]) => new URL(String(u))).filter((u) => u.pathname.endsWith('/beat'));
    expect(queries.map((u) => Object.fromEntries(u.searchParams))).toEqual([{ limit: '20' }, { limit: '20', cursor: 'n2' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });
});
