import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/lib/chat/chat-socket';
import { addPending, confirmMessage, dropPending, mergeMessages, oldestId, pendingMessage } from './thread';

const stored = (id: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id, room_id: 'r-1', sender_id: 'u-2', content: id, created_at: '2026-11-23T18:30:00.000Z', ...extra,
});
const ids = (messages: Array<{ id: string }>) => messages.map((m) => m.id);

describe('a thread', () => {
  it('puts frames that arrived out of order back in time order (ids are time-ordered) and keeps each once', () => {
    const merged = mergeMessages([stored('0190-b'), stored('0190-d')], [stored('0190-c'), stored('0190-a'), stored('0190-d')]);
    expect(ids(merged)).toEqual(['0190-a', '0190-b', '0190-c', '0190-d']);
  });

  it('keeps pending messages last, in the order they were sent', () => {
    let thread = addPending([stored('0190-a')], pendingMessage({ clientId: 'c-1', roomId: 'r-1', senderId: 'u-1', content: ' one ' }));
    thread = addPending(thread, pendingMessage({ clientId: 'c-2', roomId: 'r-1', senderId: 'u-1', content: 'two' }));
    thread = mergeMessages(thread, [stored('0190-b')]);
    expect(ids(thread)).toEqual(['0190-a', '0190-b', 'local:c-1', 'local:c-2']);
    expect(thread[2]).toMatchObject({ content: 'one', pending: true });
  });

  it('replaces a pending message by its pushed copy, matched on the client id', () => {
    const thread = addPending([], pendingMessage({ clientId: 'c-1', roomId: 'r-1', senderId: 'u-1', content: 'hi' }));
    const merged = mergeMessages(thread, [stored('0190-z', { clientId: 'c-1', content: 'hi' })]);
    expect(merged).toEqual([stored('0190-z', { clientId: 'c-1', content: 'hi' })]);
  });

  it('confirms a pending message on its ack, once whichever of ack and push came first', () => {
    const pending = addPending([], pendingMessage({ clientId: 'c-1', roomId: 'r-1', senderId: 'u-1', content: 'hi' }));
    const acked = stored('0190-z', { clientId: 'c-1', content: 'hi' });
    expect(ids(confirmMessage(pending, acked))).toEqual(['0190-z']);
    expect(ids(confirmMessage(mergeMessages(pending, [acked]), acked))).toEqual(['0190-z']);
    // A refetch dropped the pending copy and the push never came: the ack still shows it.
    expect(ids(confirmMessage([], acked))).toEqual(['0190-z']);
  });

  it('drops a failed message and pages before the oldest stored one', () => {
    const thread = addPending([stored('0190-a'), stored('0190-b')], pendingMessage({ clientId: 'c-1', roomId: 'r-1', senderId: 'u-1', content: 'x' }));
    expect(ids(dropPending(thread, 'c-1'))).toEqual(['0190-a', '0190-b']);
    expect(oldestId(thread)).toBe('0190-a');
    expect(oldestId(addPending([], thread[2]))).toBeUndefined();
  });
});
