/**
 * When a conversation last moved, as the list shows it: the time for today, "Yesterday", the
 * weekday within a week, else the date; "" for a room with no messages yet.
 */
export function conversationTime(timestamp: string | null | undefined, now: Date = new Date()): string {
  const time = timestamp ? new Date(timestamp) : null;
  if (!time || Number.isNaN(time.getTime())) return '';
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const day = 24 * 60 * 60 * 1000;
  if (time.getTime() >= startOfToday) return messageTime(timestamp);
  if (time.getTime() >= startOfToday - day) return 'Yesterday';
  if (time.getTime() >= startOfToday - 6 * day) return time.toLocaleDateString('en-NG', { weekday: 'short' });
  return time.toLocaleDateString('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A message's time of day, e.g. "6:30 pm". */
export function messageTime(timestamp: string | null | undefined): string {
  const time = timestamp ? new Date(timestamp) : null;
  if (!time || Number.isNaN(time.getTime())) return '';
  return time.toLocaleTimeString('en-NG', { hour: 'numeric', minute: '2-digit' });
}
