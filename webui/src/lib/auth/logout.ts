import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
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
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      forgetLegacyToken();
      closeChatSocket();
      navigate('/login', { replace: true });
      queryClient.clear();
    },
  });
}
