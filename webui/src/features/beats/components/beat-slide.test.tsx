import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { beatPost, stubMedia } from '@/features/posts/testing/player-stubs';
import { headersOf, mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { BeatSlide } from './beat-slide';

const me = { 'GET /user/profile': { status: 200, body: sampleProfile } } as const;
const routes = [
  { path: '/home', element: <BeatSlide post={beatPost({ description: 'Hard drums, dark keys.' })} active /> },
  { path: '/purchasedbeats', element: <p>Library</p> },
];
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
  audio_upload: '',
  full_audio: '',
  amount: 999,
  purchase_date: '2026-03-01T12:00:00Z',
  genre: '',
  downloads_remaining: 5,
  licence_number: 'ZUUM-AB12-CD34-EF56',
};

describe('feed beat slide', () => {
  it('starts locked with the blurred cover, the 10 s preview and the price; never the full audio', async () => {
    stubMedia();
    mockApi(me);
    renderRoutes(routes, '/home');
    const slide = screen.getByRole('article', { name: 'Afro Drill by labelboss' });
    expect(within(slide).getByRole('button', { name: 'Play 10s Preview' })).toBeInTheDocument();
    expect(within(slide).getByText('₦999.00')).toBeInTheDocument();
    expect(within(slide).queryByText('Full Track Price')).not.toBeInTheDocument();
    expect([...slide.querySelectorAll('audio')].map((a) => a.getAttribute('src'))).toEqual([beatPost().preview_url]);
  });

  it('unlocks to the card: Full Track Price with Buy Now that really buys, About This Track; Back locks it again', async () => {
    stubMedia();
    const { calls } = mockApi({ ...me, 'POST /beat/purchase': { status: 201, body: { message: 'Purchase successful', data: purchase } } });
    const user = userEvent.setup();
    renderRoutes(routes, '/home');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    const card = screen.getByRole('region', { name: 'Full Track Price' });
    expect(card).toHaveTextContent('₦999.00');
    expect(screen.getByRole('heading', { name: 'About This Track' })).toBeInTheDocument();
    expect(screen.getByText('Hard drums, dark keys.')).toBeInTheDocument();
    expect(screen.getByText('Available 97/100')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Buy Now ₦999.00' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Purchase' }));
    expect(await within(card).findByText('Purchase successful')).toBeInTheDocument();
    const bought = calls.filter((c) => c.path === '/beat/purchase');
    expect(bought).toHaveLength(1);
    expect(JSON.parse(String(bought[0].init.body))).toEqual({ postId: 'b-1', amount: 999 });
    expect(headersOf(bought[0])['idempotency-key']).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
  });
});
