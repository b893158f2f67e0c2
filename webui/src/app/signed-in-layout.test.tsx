import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { page, stubIntersectionObserver, stubMedia } from '@/features/posts/testing/player-stubs';
import { TEST_API_URL } from '@/testing/constants';
import { renderRoutes, sampleProfile } from '@/testing/render';
import { routes } from './router';

type Reply = { status: number; body: unknown };

/**
 * A fetch that holds every answer until the test gives it: which paths were asked, in order,
 * and `answer(path, reply)` to let one through.
 */
function holdingFetch() {
  const asked: string[] = [];
  const waiting = new Map<string, (reply: Reply) => void>();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      const path = url.slice(TEST_API_URL.length).split('?')[0];
      asked.push(path);
      return new Promise<Response>((resolve) => {
        waiting.set(path, (reply) =>
          resolve(new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } })),
        );
      });
    }),
  );
  const answer = (path: string, reply: Reply) => {
    const give = waiting.get(path);
    if (!give) throw new Error(`${path} was not asked`);
    waiting.delete(path);
    give(reply);
  };
  return { asked, answer };
}

const emptyFeed = { status: 200, body: { posts: [], pagination: page({ total: 0 }) } };

beforeEach(() => {
  stubIntersectionObserver();
  stubMedia();
});

describe('opening the app at /home', { timeout: 15_000 }, () => {
  it('asks for the profile, the payment details and the first feed page at once, before any answers', async () => {
    const { asked, answer } = holdingFetch();
    renderRoutes(routes, '/home');

    // Nothing has answered yet: none of the three waited for another.
    // The screens' code loads first (lazy routes): slow on a busy machine, hence the long wait.
    await waitFor(() => expect([...asked].sort()).toEqual(['/feed', '/payment/create', '/user/profile']), { timeout: 5000 });

    answer('/user/profile', { status: 200, body: sampleProfile });
    answer('/payment/create', { status: 404, body: { message: 'Not found' } });
    answer('/feed', emptyFeed);
    expect(await screen.findByRole('heading', { name: 'No audio posts yet' }, { timeout: 5000 })).toBeInTheDocument();
    // The feed used the page asked at start instead of asking again.
    expect(asked.filter((path) => path === '/feed')).toHaveLength(1);
  });

  it('shows the feed while the payment details are still on their way', async () => {
    const { asked, answer } = holdingFetch();
    renderRoutes(routes, '/home');
    await waitFor(() => expect(asked).toContain('/feed'), { timeout: 5000 });

    answer('/feed', emptyFeed);
    answer('/user/profile', { status: 200, body: sampleProfile });
    expect(await screen.findByRole('heading', { name: 'No audio posts yet' }, { timeout: 5000 })).toBeInTheDocument();
    expect(asked).toContain('/payment/create');
  });

  it('asks for no feed when the app opens at another signed-in screen', async () => {
    const { asked, answer } = holdingFetch();
    renderRoutes(routes, '/settings');
    await waitFor(() => expect([...asked].sort()).toEqual(['/payment/create', '/user/profile']), { timeout: 5000 });
    answer('/user/profile', { status: 200, body: sampleProfile });
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(asked).not.toContain('/feed');
  });
});
