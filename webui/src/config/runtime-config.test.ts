import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, resolveApiUrl } from './runtime-config';

describe('runtime config', () => {
  it('resolves a relative endpoint against the page origin', () => {
    expect(resolveApiUrl('/api', 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/api');
    expect(resolveApiUrl('https://x.execute-api.us-east-1.amazonaws.com/api/', 'http://a')).toBe(
      'https://x.execute-api.us-east-1.amazonaws.com/api',
    );
  });

  it('loads and checks /config.json', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ apiEndpoint: '/api', region: 'us-east-1' })));
    await expect(loadRuntimeConfig('http://127.0.0.1:8080')).resolves.toEqual({
      apiUrl: 'http://127.0.0.1:8080/api',
      region: 'us-east-1',
    });
  });

  it('refuses a config without an endpoint', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ region: 'us-east-1' })));
    await expect(loadRuntimeConfig('http://a')).rejects.toThrow(/Invalid \/config.json/);
  });
});
