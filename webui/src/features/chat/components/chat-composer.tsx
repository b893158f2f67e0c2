import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { ChatError, SEND_TIMEOUT, invalidMessage, newClientId, type ChatSocket } from '@/lib/chat/chat-socket';
import { useSendMessage } from '../api/messages';

type Props = { socket: ChatSocket | undefined; roomId: string; receiverId: string; senderId: string };

/**
 * The message box. Enter sends (Shift+Enter breaks the line); the message shows at once and the
 * box empties; a failed send takes the message off, says why ("Server response timeout after 5
 * seconds", the server's refusal, "Not connected to server") and puts the text back to retry.
 * Over the rate limit ("You are sending messages too fast…"), Send waits the seconds the server
 * names, then the refusal goes.
 */
export function ChatComposer({ socket, roomId, receiverId, senderId }: Props) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [waitSeconds, setWaitSeconds] = useState(0);
  const send = useSendMessage(socket, { roomId, receiverId, senderId }, (failure, content) => {
    setError(failure.message || SEND_TIMEOUT);
    setDraft((current) => current || content);
    if (failure instanceof ChatError && failure.retryAfter) setWaitSeconds(failure.retryAfter);
  });
  const inputId = useId();

  useEffect(() => {
    if (!waitSeconds) return;
    const timer = setTimeout(() => {
      setWaitSeconds(0);
      setError(null);
    }, waitSeconds * 1000);
    return () => clearTimeout(timer);
  }, [waitSeconds]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!draft.trim() || waitSeconds) return;
    const invalid = invalidMessage({ content: draft, roomId, receiverId });
    if (invalid) {
      setError(invalid);
      return;
    }
    const content = draft;
    setDraft('');
    setError(null);
    send.mutate({ clientId: newClientId(), content });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form className="chat-composer" onSubmit={submit}>
      {error && <Alert>{error}</Alert>}
      <div className="chat-composer-row">
        <label htmlFor={inputId} className="visually-hidden">Message</label>
        <textarea
          id={inputId}
          rows={1}
          placeholder="Type a message..."
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary" disabled={!draft.trim() || waitSeconds > 0}>Send</button>
      </div>
    </form>
  );
}
