/**
 * The signed-in user's profile query key, apart from its fetcher: the query client watches it
 * for ended sessions, and must not bring the profile's answer check (zod) to pages that call nothing.
 */
export const currentProfileQueryKey = ['profile', 'me'] as const;
