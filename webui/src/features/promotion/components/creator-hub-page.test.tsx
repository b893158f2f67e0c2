import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { CreatorHubPage } from './creator-hub-page';

describe('Creator Hub', () => {
  it('has cards to /global, /promotion and /distribution and a My Promotions link', async () => {
    mockApi({});
    renderRoutes([{ path: '/creator-hub', element: <CreatorHubPage /> }], '/creator-hub');
    expect(await screen.findByRole('heading', { name: 'Creator Hub' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Global Promotion/ })).toHaveAttribute('href', '/global');
    expect(screen.getByRole('link', { name: /In-App Promotion/ })).toHaveAttribute('href', '/promotion');
    expect(screen.getByRole('link', { name: /Global Distribution/ })).toHaveAttribute('href', '/distribution');
    expect(screen.getByRole('link', { name: 'My Promotions' })).toHaveAttribute('href', '/user/promotions');
  });
});
