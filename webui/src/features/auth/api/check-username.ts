import { queryOptions } from '@tanstack/react-query';
import { api, toApiError } from '@/lib/api-client';

export const USERNAME_TAKEN = 'Username is already taken.';

/** How long the wizard waits after the last keystroke before asking. */
export const USERNAME_CHECK_DELAY_MS = 400;

/**
 * GET /auth/check-username?username=: why the name cannot be had (taken: 200 with available
 * false; bad format: 400 with a username field error), or null when it is free. Throws when
 * the server could not say (429, 5xx, no answer): the wizard then lets the user go on, since
 * POST /auth/signup refuses a taken name anyway (409, shown back on step 2).
 */
export async function usernameProblem(username: string): Promise<string | null> {
  let answer;
  try {
    answer = await api.get('/auth/check-username', { query: { username } });
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.status !== 400) throw apiError;
    return apiError.fieldErrors.find((e) => e.field === 'username')?.msg || apiError.message || USERNAME_TAKEN;
  }
  return answer?.available === false ? answer.message || USERNAME_TAKEN : null;
}

/** One cache entry per name: typing back a name already asked about answers at once. */
export function usernameCheckQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['auth', 'check-username', username],
    queryFn: () => usernameProblem(username),
    staleTime: 30_000,
  });
}
