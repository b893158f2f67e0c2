import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loginAnswerSchema } from '@/lib/api-schemas';
import { currentProfileQueryOptions } from '@/lib/auth/get-current-profile';
import { paymentDetailsQueryOptions } from '@/lib/auth/get-payment-details';
import {
  NETWORK_ERROR,
  SERVER_ERROR,
  UNEXPECTED_ERROR,
  messageFor,
  type ErrorCatalogue,
} from '@/lib/error-message';
import { requiredText, z } from '@/lib/validation';
import type { ApiAnswer } from '@/types/api';

export const SESSION_LOAD_FAILED = 'Login succeeded but authentication failed';

export const loginSchema = z.object({
  email: requiredText('Email is required'),
  password: z.string().check(z.minLength(1, 'Password is required')),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type LoginResponse = ApiAnswer<'/auth/login', 'post'>;

/**
 * POST /auth/login: the server sets the HttpOnly session cookie. The token it also returns is
 * for other clients' Bearer calls; the web app neither keeps nor sends it. The answer is
 * checked: a malformed one fails the login with the catalogue's "unexpected" text.
 */
export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post('/auth/login', { body: input, schema: loginAnswerSchema });
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
 * payment details (which may fail; the shell shows a banner).
 */
export async function loginAndLoadSession(queryClient: QueryClient, input: LoginInput) {
  await login(input);
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
