import { describe, expect, it } from 'vitest';
import { conversationTime, messageTime } from './chat-format';

const now = new Date(2026, 10, 23, 18, 0);
const at = (days: number, hours = 9) => new Date(2026, 10, 23 - days, hours, 5).toISOString();

describe('conversation times', () => {
  it('shows the time for today, "Yesterday", the weekday within a week, else the date', () => {
    expect(conversationTime(at(0), now)).toBe(messageTime(at(0)));
    expect(conversationTime(at(0), now)).toMatch(/9:05/);
    expect(conversationTime(at(1, 23), now)).toBe('Yesterday');
    expect(conversationTime(at(3), now)).toBe(new Date(at(3)).toLocaleDateString('en-NG', { weekday: 'short' }));
    expect(conversationTime(at(30), now)).toMatch(/2026/);
  });

  it('is empty for a room without messages and for a value that is no time', () => {
    expect(conversationTime(null, now)).toBe('');
    expect(conversationTime('soon', now)).toBe('');
    expect(messageTime(undefined)).toBe('');
  });
});
