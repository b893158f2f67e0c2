import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentAppConfig, setAppConfig, CONFIG_ELEMENT_ID } from '@/config/runtime-config';
import { mockApi } from '@/testing/mock-api';
import { LEGACY_TOKEN_KEY } from '@/lib/token-storage';
import { startApp } from './start';

const kept = currentAppConfig();
const containers: HTMLElement[] = [];

/** A #root for the app and, unless null, the inlined configuration in the page's head. */
function page(config: string | null) {
  document.getElementById(CONFIG_ELEMENT_ID)?.remove();
  if (config !== null) {
    const script = document.createElement('script');
    script.id = CONFIG_ELEMENT_ID;
    script.type = 'application/json';
    script.textContent = config;
    document.head.append(script);
  }
  const root = document.createElement('div');
  document.body.append(root);
  containers.push(root);
  return root;
}

afterEach(() => {
  document.getElementById(CONFIG_ELEMENT_ID)?.remove();
  containers.splice(0).forEach((root) => root.remove());
  if (kept) setAppConfig(kept);
  window.history.replaceState(null, '', '/');
});

describe('start-up', () => {
  it('renders the landing page from the inlined configuration before returning, asking nothing', async () => {
    const { calls } = mockApi({});
    window.history.replaceState(null, '', '/');
    const started = startApp(page('{"apiEndpoint":"/api","region":"eu-west-1"}'));
    expect(currentAppConfig()).toEqual({ apiUrl: `${window.location.origin}/api`, region: 'eu-west-1' });
    await started;
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows "Zuum could not start" with what is wrong in the inlined configuration', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await startApp(page('{"apiEndpoint":"/api"}'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Zuum could not start' })).toBeInTheDocument());
    expect(screen.getByText('Invalid configuration in the page: region is required')).toBeInTheDocument();
  });

  it('asks /config.json when the page carries no configuration, and says when it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = vi.fn(async () => new Response('', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    await startApp(page(null));
    expect(fetchMock).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
    await waitFor(() => expect(screen.getByText('Could not load /config.json (HTTP 404).')).toBeInTheDocument());
  });

  it('forgets a token an older build stored', async () => {
    mockApi({});
    localStorage.setItem(LEGACY_TOKEN_KEY, 'jwt-123');
    await startApp(page('{"apiEndpoint":"/api","region":"us-east-1"}'));
    expect(localStorage.getItem(LEGACY_TOKEN_KEY)).toBeNull();
  });
});
