import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { PLATFORMS } from '../api/request-form';
import { RequirementsPage } from './requirements-page';

const routes = [{ path: '/req', element: <RequirementsPage /> }];

describe('/req', () => {
  it('shows a message per missing field on submit and sends nothing', async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderRoutes(routes, '/req');
    await user.click(screen.getByRole('button', { name: 'Submit Promotion Request' }));
    for (const text of ['Please select a promotion type', 'Content link is required', 'Name is required', 'Email is required', 'Phone is required', 'You must agree to the terms']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });

  it('offers the platforms of the picked type (19 for print, 3 for tiktok) and toggles them', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderRoutes(routes, '/req');
    expect(within(screen.getByRole('group', { name: 'Promotion type' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Print Media', 'TV Promotion', 'Radio', 'Digital', 'Charts', 'Playlist', 'YouTube', 'TikTok']);
    await user.click(screen.getByRole('button', { name: 'Print Media' }));
    expect(within(screen.getByRole('group', { name: 'Platforms (required)' })).getAllByRole('button')).toHaveLength(19);
    await user.click(screen.getByRole('button', { name: 'TikTok' }));
    const platforms = within(screen.getByRole('group', { name: 'Platforms (required)' }));
    expect(platforms.getAllByRole('button').map((b) => b.textContent)).toEqual(['Mid Promotion', 'Wild Promotion', 'Mass Promotion']);
    await user.click(platforms.getByRole('button', { name: 'Wild Promotion' }));
    expect(platforms.getByRole('button', { name: 'Wild Promotion' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(platforms.getByRole('button', { name: 'Wild Promotion' }));
    expect(platforms.getByRole('button', { name: 'Wild Promotion' })).toHaveAttribute('aria-pressed', 'false');
    expect(Object.fromEntries(Object.entries(PLATFORMS).map(([k, v]) => [k, v.length]))).toEqual({ print: 19, tv: 14, radio: 11, digital: 12, charts: 3, playlist: 5, youtube: 4, tiktok: 3 });
  });

  it('stores the request: "Submitting..." while it travels, then the confirmation', async () => {
    const { calls } = mockApi({ 'POST /promotions/requests': { status: 201, body: { message: 'Promotion request submitted', id: 'rq-1' } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/req');
    await user.click(screen.getByRole('button', { name: 'Radio' }));
    await user.click(screen.getByRole('button', { name: 'Cool FM' }));
    await user.type(screen.getByLabelText('Content link'), 'https://example.com/song');
    await user.type(screen.getByLabelText('Title'), 'Lagos Nights');
    await user.type(screen.getByLabelText('Name'), 'Ada Obi');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Phone'), '08012345678');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit Promotion Request' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your promotion request has been submitted.');
    const sent = JSON.parse(String(calls.find((c) => c.path === '/promotions/requests')!.init.body));
    expect(sent).toMatchObject({
      promotionType: 'radio', selectedPlatforms: ['Cool FM'], contentLink: 'https://example.com/song', contentTitle: 'Lagos Nights',
      contactName: 'Ada Obi', contactEmail: 'ada@example.com', contactPhone: '08012345678', agreeTerms: true,
    });
  });

  it('shows "Submitting..." and a disabled button while the request travels', async () => {
    mockApi({ 'POST /promotions/requests': 'pending' });
    const user = userEvent.setup();
    renderRoutes(routes, '/req');
    await user.click(screen.getByRole('button', { name: 'Charts' }));
    await user.type(screen.getByLabelText('Content link'), 'https://example.com/song');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Phone'), '0801');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit Promotion Request' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
  });

  it('shows the server’s refusal, its field messages on their fields', async () => {
    mockApi({ 'POST /promotions/requests': { status: 400, body: { message: 'Validation error or missing files', errors: [{ field: 'contactEmail', msg: 'Email is required' }] } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/req');
    await user.click(screen.getByRole('button', { name: 'Digital' }));
    await user.type(screen.getByLabelText('Content link'), 'https://example.com/song');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), ' x ');
    await user.type(screen.getByLabelText('Phone'), '0801');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit Promotion Request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Validation error or missing files');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });
});
