import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { currentProfileQueryKey } from '@/lib/auth/get-current-profile';
import { createQueryClient } from './query-client';

/** A client holding a signed-in profile whose query is watched, as the signed-in guard does. */
function signedIn(profileAnswer: () => Promise<unknown>) {
  const client = createQueryClient();
  let profileCalls = 0;
  client.setQueryData(currentProfileQueryKey, { id: 'u1', username: 'ada' });
  const observer = new QueryObserver(client, {
    queryKey: currentProfileQueryKey,
    queryFn: () => {
      profileCalls++;
      return profileAnswer();
    },
    staleTime: Infinity,
  });
  const unsubscribe = observer.subscribe(() => {});
  return { client, calls: () => profileCalls, unsubscribe };
}

const fail = (status: number) => () => Promise.reject(new ApiError(status, 'refused'));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a session that ends under an open page', () => {
  it('asks for the profile again after a 401 from another call, so the guard can go to /login', async () => {
    const s = signedIn(fail(401));
    await s.client.fetchQuery({ queryKey: ['feed', 'audio'], queryFn: fail(401) }).catch(() => {});
    await settle();
    expect(s.calls()).toBe(1);
    expect(s.client.getQueryData(currentProfileQueryKey)).toBeUndefined();
    expect(s.client.getQueryState(currentProfileQueryKey)?.status).toBe('error');
    s.unsubscribe();
  });

  it('does the same after a 401 from a mutation', async () => {
    const s = signedIn(fail(401));
    await s.client.getMutationCache().build(s.client, { mutationFn: fail(401) }).execute(undefined).catch(() => {});
    await settle();
    expect(s.calls()).toBe(1);
    s.unsubscribe();
  });

  it('leaves the profile alone after other refusals and after the admin area refuses', async () => {
    const s = signedIn(fail(401));
    await s.client.fetchQuery({ queryKey: ['feed', 'audio'], queryFn: fail(403) }).catch(() => {});
    await s.client.fetchQuery({ queryKey: ['admin', 'users'], queryFn: fail(401) }).catch(() => {});
    await s.client.getMutationCache().build(s.client, { mutationKey: ['admin', 'approve'], mutationFn: fail(401) }).execute(undefined).catch(() => {});
    await settle();
    expect(s.calls()).toBe(0);
    expect(s.client.getQueryData(currentProfileQueryKey)).toEqual({ id: 'u1', username: 'ada' });
    s.unsubscribe();
  });

  it("never loops on the profile's own 401", async () => {
    const s = signedIn(fail(401));
    await s.client.fetchQuery({ queryKey: ['feed', 'audio'], queryFn: fail(401) }).catch(() => {});
    await settle();
    await settle();
    expect(s.calls()).toBe(1);
    s.unsubscribe();
  });
});
