import { Amplify } from 'aws-amplify';
import { describe, expect, it } from 'vitest';
import { TEST_API_URL } from '@/testing/constants';
import { headersOf, mockApi } from '@/testing/mock-api';
import { api, ApiError, configureApiClient, joinFieldErrors } from './api-client';
import { LEGACY_TOKEN_KEY } from './token-storage';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('sends cookies and neither an Authorization nor SigV4 headers', async () => {
    const { calls } = mockApi({ 'GET /user/profile': { status: 200, body: { id: 'u-1' } } });

    await expect(api.get('/user/profile')).resolves.toEqual({ id: 'u-1' });

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

  it('forgets a token an older build stored when the client is configured at start', () => {
    localStorage.setItem(LEGACY_TOKEN_KEY, 'jwt-123');

    configureApiClient({ apiUrl: TEST_API_URL, region: 'us-east-1' });

    expect(localStorage.getItem(LEGACY_TOKEN_KEY)).toBeNull();
  });

  it('posts JSON bodies', async () => {
    const { calls } = mockApi({ 'POST /auth/login': { status: 200, body: { token: 't' } } });

    await api.post('/auth/login', { email: 'a@b.co', password: 'secret123' });

    expect(headersOf(calls[0])['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ email: 'a@b.co', password: 'secret123' });
  });

  it('hands FormData to fetch untouched so the browser writes the multipart boundary', async () => {
    const { calls } = mockApi({ 'PUT /user/profile': { status: 200, body: { id: 'u-1', bio: 'hi' } } });
    const form = new FormData();
    form.append('bio', 'hi');

    await expect(api.put('/user/profile', form)).resolves.toEqual({ id: 'u-1', bio: 'hi' });

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

    const error = await failure(api.post('/auth/signup', {}));

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

    const error = await failure(api.post('/auth/login', {}));

    expect(error.status).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never replays a request that got 429 or 500', async () => {
    const { fetchMock } = mockApi({
      'POST /auth/resend-otp': { status: 429, body: { message: 'Please wait a minute before requesting another code.' } },
      'POST /auth/signup': { status: 500, body: { message: 'Server error. Please try again later.' } },
    });

    expect((await failure(api.post('/auth/resend-otp', {}))).status).toBe(429);
    expect((await failure(api.post('/auth/signup', {}))).status).toBe(500);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('returns null for an empty success body', async () => {
    mockApi({ 'POST /auth/logout': { status: 200 } });

    await expect(api.post('/auth/logout')).resolves.toBeNull();
  });

  it('stays unsigned even with Amplify defaults, since no Auth (Cognito) is configured', async () => {
    Amplify.configure({ API: { REST: { zuum: { endpoint: TEST_API_URL, region: 'us-east-1' } } } });
    try {
      const { calls } = mockApi({ 'GET /user/profile': { status: 200, body: { id: 'u-1' } } });
      await expect(api.get('/user/profile')).resolves.toEqual({ id: 'u-1' });
      const headers = headersOf(calls[0]);
      expect(headers.authorization).toBeUndefined();
      expect(headers['x-amz-date']).toBeUndefined();
    } finally {
      configureApiClient({ apiUrl: TEST_API_URL, region: 'us-east-1' });
    }
  });
});
