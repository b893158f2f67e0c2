import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from '@/lib/auth/require-auth';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { addRecentSearch, listRecentSearches } from '../recent-searches';
import { beat, person, results, track, video } from '../testing/results';
import { SearchPage } from './search-page';

const routes = [
  { path: '/search', element: <RequireAuth><SearchPage /></RequireAuth> },
  { path: '/profile/:userId', element: <p>Profile page</p> },
  { path: '/music/:postId', element: <p>Track page</p> },
  { path: '/videos/:id', element: <p>Video page</p> },
  { path: '/beats/:id', element: <p>Beat page</p> },
];

const me = { 'GET /user/profile': { status: 200, body: sampleProfile } };

/** The query strings of the search calls made, in order. */
function searches(fetchMock: { mock: { calls: unknown[][] } }) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input)))
    .filter((u) => u.pathname.endsWith('/search'))
    .map((u) => Object.fromEntries(u.searchParams));
}

describe('/search with an empty box: the recent searches of this device', () => {
  it('lists them newest first, removes one, clears them all, and never calls the server', async () => {
    ['tems', 'kel', 'ada'].forEach((s) => addRecentSearch(sampleProfile.id, s));
    const { calls } = mockApi(me);
    const user = userEvent.setup();
    renderRoutes(routes, '/search');

    const list = await screen.findByRole('list', { name: 'Recent searches' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['ada', 'kel', 'tems']);

    await user.click(screen.getByRole('button', { name: 'Remove "kel" from recent searches' }));
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['ada', 'tems']);
    expect(listRecentSearches(sampleProfile.id)).toEqual(['ada', 'tems']);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('No recent searches')).toBeInTheDocument();
    expect(listRecentSearches(sampleProfile.id)).toEqual([]);
    expect(calls.filter((c) => c.path === '/search')).toEqual([]);
  });

  it('runs a recent search when tapped and moves it to the top', async () => {
    ['ada', 'tems'].forEach((s) => addRecentSearch(sampleProfile.id, s));
    mockApi({ ...me, 'GET /search': results([person()], []) });
    const user = userEvent.setup();
    renderRoutes(routes, '/search');

    await user.click(await screen.findByRole('button', { name: 'ada' }));

    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ada');
    expect(await screen.findByRole('link', { name: /ada_sings/ })).toBeInTheDocument();
    expect(listRecentSearches(sampleProfile.id)).toEqual(['ada', 'tems']);
  });
});

describe('/search as the user types', () => {
  it('asks once typing pauses, for the whole words, not for each letter', async () => {
    const { fetchMock } = mockApi({ ...me, 'GET /search': results([person()], []) });
    const user = userEvent.setup({ delay: 50 });
    renderRoutes(routes, '/search');

    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'adaeze');

    expect(await screen.findByRole('link', { name: /ada_sings/ })).toBeInTheDocument();
    expect(searches(fetchMock)).toEqual([{ q: 'adaeze', type: 'all', limit: '10' }]);
  });

  it('cancels the request in flight when the words change, and shows only the newer answer', async () => {
    const { calls, fetchMock } = mockApi({
      ...me,
      'GET /search': (call) =>
        new URL(call.url).searchParams.get('q') === 'ada'
          ? 'pending'
          : results([person({ id: 'p-eze', username: 'adaeze_keys' })], []),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/search');
    const box = await screen.findByRole('searchbox', { name: 'Search' });

    await user.type(box, 'ada');
    await waitFor(() => expect(searches(fetchMock)).toHaveLength(1));
    const first = calls.find((c) => c.path === '/search')!;
    expect(first.init.signal?.aborted).toBe(false);
    expect(await screen.findByText('Searching...')).toBeInTheDocument();

    await user.type(box, 'eze');

    expect(await screen.findByRole('link', { name: /adaeze_keys/ })).toBeInTheDocument();
    expect(first.init.signal?.aborted).toBe(true);
    expect(searches(fetchMock).map((s) => s.q)).toEqual(['ada', 'adaeze']);
  });

  it('asks nothing for fewer than 3 letters and says why', async () => {
    const { calls } = mockApi(me);
    const user = userEvent.setup();
    renderRoutes(routes, '/search');

    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'ọl');

    expect(await screen.findByText('Type at least 3 letters to search.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 400));
    expect(calls.some((c) => c.path === '/search')).toBe(false);
  });

  it('says so when nothing matches', async () => {
    mockApi({ ...me, 'GET /search': results([], []) });
    renderRoutes(routes, '/search?q=zzyzx');

    expect(await screen.findByRole('heading', { name: 'No results for “zzyzx”' })).toBeInTheDocument();
    expect(screen.getByText('Check the spelling, or try fewer words.')).toBeInTheDocument();
  });

  it.each([
    [{ status: 500, body: { message: 'boom' } }, 'Server error. Please try again later.'],
    [{ status: 400, body: { message: 'Search text must be at most 100 characters.' } }, 'Search text must be at most 100 characters.'],
    ['network-error' as const, 'Network error. Please check your internet connection.'],
  ])('shows the error text and tries again (%j)', async (reply, text) => {
    let failed = false;
    mockApi({
      ...me,
      'GET /search': () => {
        if (failed) return results([person()], []);
        failed = true;
        return reply;
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/search?q=ada');

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /ada_sings/ })).toBeInTheDocument();
  });
});

describe('/search results', () => {
  it('shows people and posts under All, each opening its page', async () => {
    mockApi({ ...me, 'GET /search': results([person()], [track(), video(), beat()]) });
    renderRoutes(routes, '/search?q=ada');

    const people = await screen.findByRole('region', { name: 'People' });
    const link = within(people).getByRole('link', { name: /ada_sings/ });
    expect(link).toHaveAttribute('href', '/profile/p-ada');
    expect(link).toHaveTextContent('Ada Obi · artist · 12 followers');
    const posts = within(screen.getByRole('region', { name: 'Posts' })).getAllByRole('link');
    expect(posts.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/music/t-1', 'Ada in LagosTrack · ada_sings'],
      ['/videos/v-1', 'Ada liveVideo · ada_sings'],
      ['/beats/b-1', 'Ada riddimBeat · ada_sings'],
    ]);
  });

  it('asks for the chosen tab, keeps it in the address, and lists only that kind', async () => {
    const { fetchMock } = mockApi({
      ...me,
      'GET /search': (call) => {
        const type = new URL(call.url).searchParams.get('type');
        return type === 'beats' ? results([], [beat()]) : results([person()], [track()]);
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/search?q=ada');
    expect(await screen.findByRole('region', { name: 'People' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Beats' }));

    expect(screen.getByRole('tab', { name: 'Beats' })).toHaveAttribute('aria-selected', 'true');
    const beats = await screen.findByRole('region', { name: 'Beats' });
    expect(within(beats).getByRole('link')).toHaveAttribute('href', '/beats/b-1');
    expect(screen.queryByRole('region', { name: 'People' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=ada&type=beats');
    expect(searches(fetchMock).map((s) => s.type)).toEqual(['all', 'beats']);
  });

  it('loads more with the cursor, the same words and tab', async () => {
    const { fetchMock } = mockApi({
      ...me,
      'GET /search': (call) =>
        new URL(call.url).searchParams.get('cursor') === 'c2'
          ? results([], [track({ id: 't-2', caption: 'Ada again' })])
          : results([person()], [track()], 'c2'),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/search?q=ada&type=tracks');
    expect(await screen.findByRole('link', { name: /Ada in Lagos/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: /Ada again/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ada in Lagos/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(searches(fetchMock)).toEqual([
      { q: 'ada', type: 'tracks', limit: '10' },
      { q: 'ada', type: 'tracks', limit: '10', cursor: 'c2' },
    ]);
  });

  it('remembers the search when a result is opened, and shows the results again on coming back', async () => {
    mockApi({ ...me, 'GET /search': results([person()], []) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/search');
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), ' ada ');

    await user.click(await screen.findByRole('link', { name: /ada_sings/ }));
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(listRecentSearches(sampleProfile.id)).toEqual(['ada']);

    await router.navigate(-1);
    expect(await screen.findByRole('link', { name: /ada_sings/ })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(' ada ');

    await user.click(screen.getByRole('button', { name: 'Clear search text' }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveFocus();
    const recent = screen.getByRole('list', { name: 'Recent searches' });
    expect(within(recent).getByRole('button', { name: 'ada' })).toBeInTheDocument();
  });

  it('remembers a submitted search', async () => {
    mockApi({ ...me, 'GET /search': results([], []) });
    const user = userEvent.setup();
    renderRoutes(routes, '/search');

    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'Ọlá{Enter}');

    expect(listRecentSearches(sampleProfile.id)).toEqual(['Ọlá']);
  });
});
