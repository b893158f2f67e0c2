import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-web-socket';
import { chatSocketFor, chatSocketUrl, closeChatSocket } from './chat-connection';

describe('the tab\'s chat socket', () => {
  it('lives at /ws on the app\'s own origin, wss behind https', () => {
    expect(chatSocketUrl('https://zuum.ng/chat/r-1?x=1')).toBe('wss://zuum.ng/ws');
    expect(chatSocketUrl('http://127.0.0.1:8080/home')).toBe('ws://127.0.0.1:8080/ws');
  });

  it('is one per user: the same for the same user, the old one closed for another, none after logout', () => {
    const first = chatSocketFor('u-1');
    first.start();
    expect(chatSocketFor('u-1')).toBe(first);
    FakeWebSocket.latest().accept();
    const second = chatSocketFor('u-2');
    expect(second).not.toBe(first);
    expect(first.status).toBe('closed');
    expect(FakeWebSocket.instances[0].closedByClient).toBe(true);
    closeChatSocket();
    expect(second.status).toBe('closed');
    expect(chatSocketFor('u-2')).not.toBe(second);
  });
});
