import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SideMenu } from '@/components/layouts/side-menu';
import { createQueryClient } from '@/lib/query-client';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { routes } from './router';

/** Every link inside `root`, as written in its href. */
function hrefsIn(root: ParentNode): string[] {
  return [...root.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
}

/** The deepest route an in-app path lands on, or undefined when none (or only the catch-all) does. */
function routeOf(href: string) {
  const matches = matchRoutes(routes, new URL(href, 'http://zuum.test').pathname);
  const leaf = matches?.at(-1)?.route;
  return leaf && leaf.path !== '*' ? leaf : undefined;
}

function expectEveryLinkLive(hrefs: string[]) {
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    expect(href, 'a link that goes nowhere').not.toMatch(/^(#|$)/);
    if (/^(mailto|https?):/.test(href)) continue;
    expect(routeOf(href), `${href} is a page of the app`).toBeDefined();
  }
}

function renderAt(url: string) {
  const { calls } = mockApi({});
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

const INFO_PAGES: [path: string, heading: string][] = [
  ['/about', 'About Zuum'],
  ['/contact', 'Contact Us'],
  ['/faq', 'Frequently asked questions'],
  ['/support', 'Support Centre'],
  ['/zuum-news', 'Zuum News'],
];

describe('links of the public pages', () => {
  it('every link of the landing page and its footer leads to a page of the app', async () => {
    const calls = renderAt('/');
    await screen.findByRole('link', { name: 'Get Started' });
    const footer = document.querySelector('.site-footer')!;
    expect(hrefsIn(footer)).toEqual(['/', '/zuum-news', '/contact', '/about', '/faq', '/support']);
    expectEveryLinkLive(hrefsIn(document));
    expect(calls, 'a public page asks nothing of the API').toEqual([]);
  });

  it.each(INFO_PAGES)('%s is a public page, asks nothing of the API, and its links all lead somewhere', async (path, heading) => {
    const calls = renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    expectEveryLinkLive(hrefsIn(document));
    expect(calls).toEqual([]);
  });

  it('every link of the signed-in side menu leads to a page of the app', async () => {
    mockApi({ 'GET /user/profile': { status: 200, body: { ...sampleProfile, following_list: [{ id: 'f-1', username: 'tunde', image: '' }] } } });
    renderRoutes([{ path: '/home', element: <SideMenu open onClose={() => {}} /> }], '/home');
    await screen.findByRole('link', { name: 'tunde' });
    const menu = screen.getByRole('complementary', { name: 'Sidebar' });
    expectEveryLinkLive(hrefsIn(menu));
    for (const path of ['/contact', '/about', '/faq', '/support']) {
      expect(hrefsIn(menu)).toContain(path);
    }
  });
});
