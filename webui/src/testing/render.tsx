import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';
import type { OwnProfile } from '@/types/api';

/** Renders a route table in memory, starting at `url`, with a fresh query cache. */
export function renderRoutes(routes: RouteObject[], url: string | { pathname: string; state?: unknown }) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export const sampleProfile: OwnProfile = {
  id: 'u-1',
  username: 'adabeats',
  identity: 'artist',
  firstname: 'Ada',
  middlename: '',
  lastname: 'Obi',
  email: 'ada@example.com',
  phonenumber: '08012345678',
  bio: '',
  image: '',
  cover_image: '',
  is_admin: false,
  followers_list: [],
  following_list: [],
  followers_count: 0,
  following_count: 0,
  subscription_status: '',
  created_at: '2025-01-15T10:00:00Z',
};
