import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, headersOf, mockApi, undocumented } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { mockBucket, sizedFile, ticketFor } from '@/features/upload/testing/fake-bucket';
import { GlobalPage } from './global-page';
import { MassForm } from './mass-form-sheet';

const routes = [{ path: '/global', element: <GlobalPage /> }];
type Package = Answer<'GET /packages'>['packages'][number];
const pkg = (id: string, category: Package['category'], over: Partial<Package> = {}): Package => ({
  id, name: `${category} ${id}`, description: 'Reach new fans', category, price: 50000, total: 50000, currency: 'NGN', duration: '1 month',
  features: ['One', 'Two', 'Three', 'Four', 'Five'], ...over,
});
/** A package of a category the document does not list (a newer server's): the page must cope. */
const mystery = (over: Partial<Package> = {}) => ({ ...pkg('x-1', 'tv', over), name: over.name ?? 'mystery x-1', category: 'mystery' }) as unknown as Package;
const packages = undocumented(200, { packages: [pkg('t-1', 'tiktok', { name: 'TikTok Mid', price: 150000, total: 150000 }), pkg('y-1', 'youtube'), pkg('n-1', 'national'), pkg('tv-1', 'tv'), mystery()] });

afterEach(() => vi.unstubAllGlobals());

async function choose(user: ReturnType<typeof userEvent.setup>, tab: string, name: string) {
  await user.click(await screen.findByRole('tab', { name: tab }));
  const card = screen.getByRole('heading', { name }).closest('li')!;
  await user.click(within(card).getByRole('button', { name: 'Select' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Confirm Selection' })).getByRole('button', { name: 'Confirm' }));
  return screen.getByRole('dialog', { name });
}

describe('/global', () => {
  it('starts on TikTok, the first tab, and shows its packages with their first 4 features', async () => {
    mockApi({ 'GET /packages': packages });
    renderRoutes(routes, '/global');
    expect(screen.getByText('Loading packages...')).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['TikTok', 'YouTube', 'Print Media', 'TV Promotion', 'Radio', 'Digital', 'Charts', 'Playlist', 'International']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const card = (await screen.findByRole('heading', { name: 'TikTok Mid' })).closest('li')!;
    expect(within(card).getByText('₦150,000.00')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['One', 'Two', 'Three', 'Four']);
    expect(screen.queryByRole('heading', { name: 'youtube y-1' })).not.toBeInTheDocument();
  });

  it('says "No packages available" for an empty tab and "Error loading packages" on failure', async () => {
    mockApi({ 'GET /packages': packages });
    const user = userEvent.setup();
    const { unmount } = renderRoutes(routes, '/global');
    await user.click(await screen.findByRole('tab', { name: 'Radio' }));
    expect(await screen.findByText('No packages available')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /packages': { status: 500, body: { message: 'Server error. Please try again later.' } } });
    renderRoutes(routes, '/global');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading packages');
  });

  it('confirms the selection with the price and the confirm text, then opens the form in a bottom sheet', async () => {
    mockApi({ 'GET /packages': packages });
    const user = userEvent.setup();
    renderRoutes(routes, '/global');
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    const confirm = screen.getByRole('dialog', { name: 'Confirm Selection' });
    expect(confirm).toHaveTextContent('TikTok Mid: ₦150,000.00');
    expect(confirm).toHaveTextContent('The price includes all fees and taxes.');
    expect(confirm).toHaveTextContent('Requirements: one featured image, without links.');
    expect(confirm).toHaveTextContent('reviewed before publishing');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    // The form loads with the first confirmation.
    const sheet = await screen.findByRole('dialog', { name: 'TikTok Mid' });
    expect(within(sheet).getAllByRole('textbox').map((t) => (t as HTMLInputElement).labels?.[0]?.textContent ?? '')).toEqual(['Video link', 'Title', 'Description', 'Hashtags', 'Music']);
  });

  it('says "Form not available for this category" for a package of a category without a form', async () => {
    mockApi({});
    renderRoutes([{ path: '/global', element: <MassForm pkg={mystery({ name: 'Odd' })} onClose={() => {}} /> }], '/global');
    expect(within(screen.getByRole('dialog', { name: 'Odd' })).getByText('Form not available for this category')).toBeInTheDocument();
  });

  it('checks the required fields, uploads the file and creates the promotion with the key and an Idempotency-Key', async () => {
    mockBucket(204);
    const { calls } = mockApi({
      'GET /packages': packages,
      'POST /uploads': ticketFor,
      'POST /promotions/mass': { status: 201, body: { data: { id: 'm-1', status: 'pending', price: 50000, days: 30, category: 'tv', package_id: 'tv-1' } } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/global');
    const sheet = await choose(user, 'TV Promotion', 'tv tv-1');
    await user.click(within(sheet).getByRole('button', { name: 'Submit Promotion' }));
    expect(within(sheet).getByText('Title is required')).toBeInTheDocument();
    expect(within(sheet).getByText('Biography is required')).toBeInTheDocument();
    expect(within(sheet).getByText('HD video is required')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/promotions/mass')).toBe(false);

    await user.type(within(sheet).getByLabelText('Title'), 'Lagos Nights');
    await user.type(within(sheet).getByLabelText('Biography'), 'Afrobeats from Lagos');
    await user.upload(within(sheet).getByLabelText('HD video'), sizedFile('clip.mp4', 'video/mp4', 1_000_000));
    await user.click(within(sheet).getByRole('button', { name: 'Submit Promotion' }));
    expect(await within(sheet).findByRole('status')).toHaveTextContent('Promotion created. It is pending: Promotion requires admin approval (24-48 hours).');
    const sent = calls.find((c) => c.path === '/promotions/mass')!;
    expect(JSON.parse(String(sent.init.body))).toEqual({ category: 'tv', package_id: 'tv-1', title: 'Lagos Nights', biography: 'Afrobeats from Lagos', hd_video: 'uploads/u-1/video/video-id.mp4' });
    expect(headersOf(sent)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(sheet).getByRole('link', { name: 'My Promotions' })).toHaveAttribute('href', '/user/promotions');
  });

  it.each([
    [{ status: 406, body: { message: 'Insufficient funds' } }, 'Insufficient funds'],
    [{ status: 400, body: { message: 'Unsupported category' } }, 'Unsupported category'],
    [{ status: 500, body: {} }, 'Failed to create promotion'],
    [{ status: 404, body: { message: 'Package not found' } }, 'Package not found'],
  ])('shows the server message or "Failed to create promotion" (%j)', async (reply, text) => {
    mockApi({ 'GET /packages': packages, 'POST /promotions/mass': reply });
    const user = userEvent.setup();
    renderRoutes(routes, '/global');
    const sheet = await choose(user, 'YouTube', 'youtube y-1');
    await user.type(within(sheet).getByLabelText('Video link'), 'https://youtu.be/x');
    await user.type(within(sheet).getByLabelText('Title'), 'Lagos Nights');
    await user.type(within(sheet).getByLabelText('Description'), 'New single');
    await user.click(within(sheet).getByRole('button', { name: 'Submit Promotion' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent(text);
  });

  it('puts the server’s field errors on their fields', async () => {
    mockApi({ 'GET /packages': packages, 'POST /promotions/mass': { status: 400, body: { message: 'Validation error or missing files', errors: [{ field: 'video_link', msg: 'Video link must be a link' }] } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/global');
    const sheet = await choose(user, 'YouTube', 'youtube y-1');
    await user.type(within(sheet).getByLabelText('Video link'), 'https://youtu.be/clip');
    await user.type(within(sheet).getByLabelText('Title'), 'Lagos Nights');
    await user.type(within(sheet).getByLabelText('Description'), 'New single');
    await user.click(within(sheet).getByRole('button', { name: 'Submit Promotion' }));
    expect(await within(sheet).findByText('Video link must be a link')).toBeInTheDocument();
    expect(within(sheet).getByRole('alert')).toHaveTextContent('Validation error or missing files');
  });
});
