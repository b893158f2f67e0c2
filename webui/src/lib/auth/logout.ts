import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { closeChatSocket } from '@/lib/chat/chat-connection';
import { forgetLegacyToken } from '@/lib/token-storage';

/** POST /auth/logout: the server revokes the token and clears the cookie. */
export function logout() {
  return api.post('/auth/logout');
}

/**
 * Logs out and, whatever the server answered, closes the chat socket and forgets every cached
 * query (profile and payment details included) and any token an older build's tab stored, before
 * going to /login.
 */
export function useLogout() {
  const endSession = useEndSession();
  return useMutation({
    mutationFn: logout,
    onSettled: () => endSession(),
  });
}

/**
 * What follows a session's end on this side (a logout, or the account deactivated or deleted,
 * which end it on the server): the chat socket closed, every cached query and any older build's
 * token forgotten, then /login, showing notice when there is one.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (notice?: string) => {
    forgetLegacyToken();
    closeChatSocket();
    navigate(paths.login, { replace: true, state: notice ? { notice } : undefined });
    queryClient.clear();
  };
}
