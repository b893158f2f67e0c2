const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DAYS = 366;

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * The statement's date range (GET /wallet/statement: both days included, at most 366 days):
 * answers the message to show, or null when the range can be asked for.
 */
export function checkStatementRange(from: string, to: string): string | null {
  if (!DAY.test(from) || !DAY.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) return 'Choose both dates';
  if (from > to) return 'The start date must not be after the end date';
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days > MAX_DAYS) return 'A statement covers at most 366 days';
  return null;
}

/** This month so far: the 1st to today. */
export const defaultStatementRange = (today: Date) => ({ from: `${isoDay(today).slice(0, 8)}01`, to: isoDay(today) });
