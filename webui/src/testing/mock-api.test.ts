import { describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { mockApi, undocumented } from './mock-api';
import { sampleProfile } from './render';

const wallet = { balance: 0, currency: 'NGN', recent: [], totals: { purchases: 0, sales: 0, deposits: 0 } } as const;

describe('mockApi: routes typed by the API document', () => {
  it('refuses, at compile time, what the document forbids', () => {
    // Checked by tsc; at run time each table below only installs its routes.
    // @ts-expect-error a 2xx body the document forbids (a balance is naira, a number)
    mockApi({ 'GET /wallet': { status: 200, body: { ...wallet, balance: 'lots' } } });
    // @ts-expect-error a 2xx body missing a required field (the profile's id)
    mockApi({ 'GET /user/profile': { status: 200, body: (({ id: _, ...rest }) => rest)(sampleProfile) } });
    // @ts-expect-error a body of another route (a 200 of GET /wallet is the wallet, not a profile)
    mockApi({ 'GET /wallet': { status: 200, body: sampleProfile } });
    // @ts-expect-error a route the document does not have
    mockApi({ 'GET /wallet/secret': { status: 200, body: wallet } });
    // @ts-expect-error a method the path does not take
    mockApi({ 'DELETE /wallet': { status: 200, body: wallet } });
    // @ts-expect-error a path parameter must fill its segment
    mockApi({ 'GET /user/profile//x': { status: 200, body: sampleProfile } });

    // What the document allows compiles: its body, a failure with any body, a path parameter's value.
    mockApi({
      'GET /wallet': { status: 200, body: wallet },
      'GET /user/profile/u-2': { status: 404, body: { message: 'User not found' } },
      'GET /terms': undocumented(200, { on: 'purpose' }),
    });
    expect(true).toBe(true);
  });

  it('answers through MSW, records each call with its URL and init, and answers 404 off the table', async () => {
    const { calls, fetchMock } = mockApi({ 'GET /user/profile/u-2': { status: 200, body: sampleProfile } });
    await expect(api.get('/user/profile/{id}', { path: { id: 'u-2' } })).resolves.toEqual(sampleProfile);
    await expect(api.get('/wallet')).rejects.toMatchObject({ status: 404 });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /user/profile/u-2', 'GET /wallet']);
    expect(calls[0].url).toBe('http://localhost:3000/api/user/profile/u-2');
    expect(calls[0].init.credentials).toBe('include');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fails a request like a dropped connection, and holds one until it is aborted', async () => {
    const { calls } = mockApi({ 'GET /wallet': 'network-error', 'GET /terms': 'pending' });
    await expect(api.get('/wallet')).rejects.toMatchObject({ status: 0 });
    const controller = new AbortController();
    const held = api.get('/terms', { signal: controller.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    controller.abort();
    await expect(held).rejects.toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /wallet', 'GET /terms']);
  });
});
