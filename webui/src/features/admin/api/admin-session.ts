import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requiredText, z } from '@/lib/validation';
import type { ApiAnswer } from '@/types/api';

export type AdminMe = ApiAnswer<'/admin/auth/me', 'get'>;

/** Every admin query's key starts here, so logging out forgets them all at once. */
export const ADMIN_KEY = 'admin';

/** GET /admin/auth/me: who the `zuum_admin` cookie belongs to (the guard asks it first). */
export function adminMeQueryOptions() {
  return queryOptions({
    queryKey: [ADMIN_KEY, 'me'],
    queryFn: ({ signal }) => api.get('/admin/auth/me', { signal }),
    retry: false,
    staleTime: 60_000,
  });
}

export function useAdminMe() {
  return useQuery(adminMeQueryOptions());
}

export const adminLoginSchema = z.object({
  email: requiredText('Email is required'),
  password: z.string().check(z.minLength(1, 'Password is required')),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

/** POST /admin/auth/login: sets the `zuum_admin` cookie; the token in the answer is for other clients. */
export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminLoginInput) => api.post('/admin/auth/login', { body: input }),
    onSuccess: () => queryClient.removeQueries({ queryKey: [ADMIN_KEY] }),
  });
}

/** POST /admin/auth/logout, then every admin answer in the cache is forgotten. */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/admin/auth/logout'),
    onSettled: () => queryClient.removeQueries({ queryKey: [ADMIN_KEY] }),
  });
}

/** Spec §5: the admin forms need username, email and password. */
export const adminSignupSchema = z.object({
  username: requiredText('Username is required'),
  email: requiredText('Email is required'),
  password: z.string().check(z.minLength(1, 'Password is required')),
});
export type AdminSignupInput = z.infer<typeof adminSignupSchema>;

/** POST /admin/auth/signup: 201 means a 6-digit code was mailed. */
export function useAdminSignup() {
  return useMutation({ mutationFn: (input: AdminSignupInput) => api.post('/admin/auth/signup', { body: input }) });
}

export const adminVerifySchema = z.object({
  email: requiredText('Email is required'),
  otp: requiredText('OTP is required'),
});
export type AdminVerifyInput = z.infer<typeof adminVerifySchema>;

/** POST /admin/auth/verify-email. */
export function useAdminVerify() {
  return useMutation({ mutationFn: (input: AdminVerifyInput) => api.post('/admin/auth/verify-email', { body: input }) });
}

/** POST /admin/auth/resend-otp: a new code for an admin sign-up not yet verified. */
export function useAdminResendOtp() {
  return useMutation({ mutationFn: (email: string) => api.post('/admin/auth/resend-otp', { body: { email } }) });
}
