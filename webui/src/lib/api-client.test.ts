import { Amplify } from '@aws-amplify/core';
import { describe, expect, it, vi } from 'vitest';
import { TEST_API_URL } from '@/testing/constants';
import { headersOf, mockApi, undocumented } from '@/testing/mock-api';
import { sampleProfile } from '@/testing/render';
import { api, ApiError, configureApiClient, joinFieldErrors, UnexpectedAnswerError } from './api-client';
import { profileSchema } from './api-schemas';
import { profileFetchErrors } from './auth/get-current-profile';
import { messageFor, NETWORK_ERROR, UNEXPECTED_ERROR } from './error-message';
import { LEGACY_TOKEN_KEY } from './token-storage';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

const credentials = { email: 'a@b.co', password: 'secret123' };
const signupBody = {
  firstname: 'Ada',
  lastname: 'Obi',
  username: 'adabeats',
  email: 'a@b.co',
  phonenumber: '08012345678',
  password: 'secret123',
  identity: 'artist',
};

describe('api client', () => {
  it('sends cookies and neither an Authorization nor SigV4 headers', async () => {
    const { calls } = mockApi({ 'GET /user/profile': { status: 200, body: sampleProfile } });

    await expect(api.get('/user/profile')).resolves.toEqual(sampleProfile);

    expect(calls).toHaveLength(1);
    expect(calls[0].init.credentials).toBe('include');
    const headers = headersOf(calls[0]);
    expect(headers.authorization).toBeUndefined();
    expect(Object.keys(headers).filter((h) => h.startsWith('x-amz'))).toEqual([]);
  });

  it('never sends a token an older build left in localStorage: the HttpOnly cookie is the session', async () => {
    localStorage.setItem(LEGACY_TOKEN_KEY, 'jwt-123');
    const { calls } = mockApi({ 'POST /auth/logout': { status: 200, body: { message: 'Logged out.' } } });

    await api.post('/auth/logout');

    expect(calls[0].init.credentials).toBe('include');
    expect(headersOf(calls[0]).authorization).toBeUndefined();
  });

  it('sends the headers a call names (the Idempotency-Key of a money call) and still no Authorization', async () => {
    const { calls } = mockApi({ 'POST /auth/logout': { status: 200, body: { message: 'Logged out.' } } });

    await api.post('/auth/logout', { headers: { 'Idempotency-Key': '0b7e2f4c-1f7a-4c55-9d7e-5f1b2a3c4d5e' } });

    expect(headersOf(calls[0])['idempotency-key']).toBe('0b7e2f4c-1f7a-4c55-9d7e-5f1b2a3c4d5e');
    expect(headersOf(calls[0]).authorization).toBeUndefined();
  });

  it('posts JSON bodies', async () => {
    const { calls } = mockApi({ 'POST /auth/login': { status: 200, body: { token: 't', profile: sampleProfile } } });

    await api.post('/auth/login', { body: { email: 'a@b.co', password: 'secret123' } });

    expect(headersOf(calls[0])['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ email: 'a@b.co', password: 'secret123' });
  });

  it('hands FormData to fetch untouched so the browser writes the multipart boundary', async () => {
    const { calls } = mockApi({ 'PUT /user/profile': { status: 200, body: { ...sampleProfile, bio: 'hi' } } });
    const form = new FormData();
    form.append('bio', 'hi');

    await expect(api.put('/user/profile', { body: form })).resolves.toEqual({ ...sampleProfile, bio: 'hi' });

    expect(calls[0].init.body).toBe(form);
    expect(headersOf(calls[0])['content-type']).toBeUndefined();
  });

  it('maps an error body to status, message and field errors', async () => {
    mockApi({
      'POST /auth/signup': {
        status: 400,
        body: {
          message: 'Validation errors.',
          errors: [
            { field: 'email', msg: 'Invalid email format' },
            { field: 'phonenumber', msg: 'Invalid phone number' },
          ],
        },
      },
    });

    const error = await failure(api.post('/auth/signup', { body: signupBody }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Validation errors.');
    expect(error.fieldErrors).toEqual([
      { field: 'email', msg: 'Invalid email format' },
      { field: 'phonenumber', msg: 'Invalid phone number' },
    ]);
    expect(joinFieldErrors(error)).toBe('Invalid email format | Invalid phone number');
  });

  it('keeps the status when the error body is not JSON', async () => {
    mockApi({ 'GET /user/profile': { status: 502, body: '<html>Bad Gateway</html>' } });

    const error = await failure(api.get('/user/profile'));

    expect(error.status).toBe(502);
    expect(error.message).toBe('');
    expect(error.fieldErrors).toEqual([]);
  });

  it('reports status 0 when no response arrives, without retrying', async () => {
    const { fetchMock } = mockApi({ 'POST /auth/login': 'network-error' });

    const error = await failure(api.post('/auth/login', { body: credentials }));

    expect(error.status).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never replays a request that got 429 or 500', async () => {
    const { fetchMock } = mockApi({
      'POST /auth/resend-otp': { status: 429, body: { message: 'Please wait a minute before requesting another code.' } },
      'POST /auth/signup': { status: 500, body: { message: 'Server error. Please try again later.' } },
    });

    expect((await failure(api.post('/auth/resend-otp', { body: { email: 'a@b.co' } }))).status).toBe(429);
    expect((await failure(api.post('/auth/signup', { body: signupBody }))).status).toBe(500);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('returns null for an empty success body', async () => {
    mockApi({ 'POST /auth/logout': { status: 200 } });

    await expect(api.post('/auth/logout')).resolves.toBeNull();
  });

  it('stays unsigned even with Amplify defaults, since no Auth (Cognito) is configured', async () => {
    Amplify.configure({ API: { REST: { zuum: { endpoint: TEST_API_URL, region: 'us-east-1' } } } });
    try {
      const { calls } = mockApi({ 'GET /user/profile': { status: 200, body: sampleProfile } });
      await expect(api.get('/user/profile')).resolves.toEqual(sampleProfile);
      const headers = headersOf(calls[0]);
      expect(headers.authorization).toBeUndefined();
      expect(headers['x-amz-date']).toBeUndefined();
    } finally {
      configureApiClient({ apiUrl: TEST_API_URL, region: 'us-east-1' });
    }
  });

  it('fills path placeholders, encoded, and sends query values as text', async () => {
    const { calls } = mockApi({ 'GET /user/a%2Fb%20c/following': { status: 200, body: { users: [], pagination: { total: 0, totalPages: 0, currentPage: 1, hasNext: false, hasPrev: false, next: null } } } });

    await api.get('/user/{id}/following', { path: { id: 'a/b c' }, query: { limit: 20, cursor: 'c-1' } });

    expect(calls[0].path).toBe('/user/a%2Fb%20c/following');
  });

  it('refuses an answer its schema refuses: an UnexpectedAnswerError with the status, shown as the catalogue\'s unexpected text', async () => {
    mockApi({ 'GET /user/profile': undocumented(200, { id: 'u-1' }) });

    const error = await failure(api.get('/user/profile', { schema: profileSchema }));

    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect(error.status).toBe(200);
    expect(error.message).toContain('GET /user/profile');
    expect(error.message).toContain('username');
    expect(messageFor(error, profileFetchErrors)).toBe('An unexpected error occurred');
    expect(messageFor(error, { byStatus: { 500: 'Server error.' }, network: NETWORK_ERROR, fallback: UNEXPECTED_ERROR })).toBe(UNEXPECTED_ERROR);
  });

  it('loads a schema given as a loader while the request travels, and checks the answer with it', async () => {
    const { calls } = mockApi({ 'GET /user/profile': 'pending' });
    const controller = new AbortController();
    const loader = vi.fn(async () => profileSchema);
    const pending = failure(api.get('/user/profile', { schema: loader, signal: controller.signal }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(loader).toHaveBeenCalledTimes(1);
    controller.abort();
    expect((await pending).status).toBe(0);

    mockApi({ 'GET /user/profile': undocumented(200, { id: 'u-1' }) });
    expect(await failure(api.get('/user/profile', { schema: async () => profileSchema }))).toBeInstanceOf(UnexpectedAnswerError);
  });

  it('cancels the request in flight when its signal aborts, and fails the call with status 0', async () => {
    const { calls } = mockApi({ 'GET /user/profile': 'pending' });
    const controller = new AbortController();

    const call = failure(api.get('/user/profile', { signal: controller.signal }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].init.signal?.aborted).toBe(false);
    controller.abort();

    expect((await call).status).toBe(0);
    expect(calls[0].init.signal?.aborted).toBe(true);
  });

  it('sends nothing when the signal aborted before the call', async () => {
    const { calls } = mockApi({ 'GET /user/profile': { status: 200, body: sampleProfile } });

    const error = await failure(api.get('/user/profile', { signal: AbortSignal.abort() }));

    expect(error.status).toBe(0);
    expect(calls.every((c) => c.init.signal?.aborted)).toBe(true);
  });

  it('only takes documented calls (each line below fails the type-check of npm run build if it compiles)', () => {
    const undocumented = [
      // @ts-expect-error a path the document does not have
      () => api.get('/user/settings'),
      // @ts-expect-error a documented path, with a method it does not have
      () => api.del('/auth/login'),
      // @ts-expect-error a path value the route needs, missing
      () => api.get('/user/profile/{id}'),
      // @ts-expect-error a body without a field the document requires
      () => api.post('/auth/login', { body: { email: 'a@b.co' } }),
      // @ts-expect-error a query parameter the route does not take
      () => api.get('/feed', { query: { sort: 'new' } }),
      // @ts-expect-error a schema whose output is not the documented answer
      () => api.get('/auth/session', { schema: profileSchema }),
    ];
    expect(undocumented).toHaveLength(6);
  });
});
