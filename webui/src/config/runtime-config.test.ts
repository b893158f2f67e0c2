import { describe, expect, it, vi } from 'vitest';
import { CONFIG_ELEMENT_ID, loadRuntimeConfig, readInlineConfig, resolveApiUrl } from './runtime-config';

/** A page whose head carries `text` as the inlined configuration, as the server writes it. */
function pageWith(text: string | null): Document {
  const doc = document.implementation.createHTMLDocument('Zuum');
  if (text !== null) {
    const script = doc.createElement('script');
    script.id = CONFIG_ELEMENT_ID;
    script.type = 'application/json';
    script.textContent = text;
    doc.head.append(script);
  }
  return doc;
}

describe('runtime config', () => {
  it('resolves a relative endpoint against the page origin', () => {
    expect(resolveApiUrl('/api', 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/api');
    expect(resolveApiUrl('https://x.execute-api.us-east-1.amazonaws.com/api/', 'http://a')).toBe(
      'https://x.execute-api.us-east-1.amazonaws.com/api',
    );
  });

  it('reads the configuration inlined in the page at once, without a request', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const config = loadRuntimeConfig(pageWith('{"apiEndpoint":"/api","region":"us-east-1"}'), 'http://127.0.0.1:8080');
    expect(config).toEqual({ apiUrl: 'http://127.0.0.1:8080/api', region: 'us-east-1' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['{"region":"us-east-1"}', 'Invalid configuration in the page: apiEndpoint is required'],
    ['{"apiEndpoint":"  ","region":""}', 'Invalid configuration in the page: apiEndpoint is required, region is required'],
    ['{"apiEndpoint":42,"region":"us-east-1"}', 'Invalid configuration in the page: apiEndpoint is required'],
    ['["/api"]', 'Invalid configuration in the page: the configuration must be a JSON object'],
    ['{"apiEndpoint":', 'Invalid configuration in the page: it is not JSON.'],
  ])('refuses an inlined configuration %s with a readable message', (text, message) => {
    expect(() => readInlineConfig(pageWith(text), 'http://a')).toThrow(message);
  });

  it('falls back to /config.json when the page carries none (the dev server)', async () => {
    const fetchMock = vi.fn(async () => Response.json({ apiEndpoint: ' /api ', region: 'us-east-1' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadRuntimeConfig(pageWith(null), 'http://127.0.0.1:8080')).resolves.toEqual({
      apiUrl: 'http://127.0.0.1:8080/api',
      region: 'us-east-1',
    });
    expect(fetchMock).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
  });

  it('refuses a /config.json without an endpoint', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ region: 'us-east-1' })));
    await expect(loadRuntimeConfig(pageWith(null), 'http://a')).rejects.toThrow('Invalid /config.json: apiEndpoint is required');
  });

  it('says so when /config.json cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 404 })));
    await expect(loadRuntimeConfig(pageWith(null), 'http://a')).rejects.toThrow('Could not load /config.json (HTTP 404).');
  });
});
