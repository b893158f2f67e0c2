import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  NETWORK_ERROR,
  SERVER_ERROR,
  UNEXPECTED_ERROR,
  messageFor,
  type ErrorCatalogue,
} from '@/lib/error-message';
import type { ApiAnswer } from '@/types/api';
import { formCheck, required, trimmed } from './form-check';

export const SESSION_LOAD_FAILED = 'Login succeeded but authentication failed';

export type LoginInput = { email: string; password: string };

export const loginSchema = formCheck<LoginInput>(trimmed('email'), [
  required('email', 'Email is required'),
  required('password', 'Password is required'),
]);
export type LoginResponse = ApiAnswer<'/auth/login', 'post'>;

/**
 * POST /auth/login: the server sets the HttpOnly session cookie. The token it also returns is
 * for other clients' Bearer calls; the web app neither keeps nor sends it. The answer is
 * checked: a malformed one fails the login with the catalogue's "unexpected" text. The check (zod)
 * loads while the request travels, so the login screen's own code carries no zod.
 */
export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post('/auth/login', { body: input, schema: () => import('@/lib/api-schemas').then((m) => m.loginAnswerSchema) });
}

/** Spec §8, login. */
export const loginErrors: ErrorCatalogue = {
  byStatus: {
    400: 'Validation errors. Please check your input.',
    401: 'Invalid credentials. Please check your email and password.',
    406: 'Email is not verified. Please verify your email first.',
    500: SERVER_ERROR,
  },
  network: NETWORK_ERROR,
  fallback: UNEXPECTED_ERROR,
};

class SessionLoadError extends Error {}

/**
 * Spec §4: post the credentials, then load the profile (which must succeed), then the
 * payment details (which may fail; the shell shows a banner). The session's calls load with the
 * credentials in flight: the login screen itself carries no signed-in code.
 */
export async function loginAndLoadSession(queryClient: QueryClient, input: LoginInput) {
  const session = Promise.all([import('@/lib/auth/get-current-profile'), import('@/lib/auth/get-payment-details')]);
  // A refused login never reads them: their loading failure is then nobody's to report.
  session.catch(() => {});
  await login(input);
  const [{ currentProfileQueryOptions }, { paymentDetailsQueryOptions }] = await session;
  try {
    await queryClient.fetchQuery({ ...currentProfileQueryOptions(), staleTime: 0 });
  } catch {
    throw new SessionLoadError(SESSION_LOAD_FAILED);
  }
  await queryClient.prefetchQuery(paymentDetailsQueryOptions());
}

export function loginErrorMessage(error: unknown): string {
  if (error instanceof SessionLoadError) return SESSION_LOAD_FAILED;
  return messageFor(error, loginErrors);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: LoginInput) => loginAndLoadSession(queryClient, input) });
}
