import type { Profile } from '@/types/api';

/** "Ada Chioma Obi": first, middle and last name, skipping the empty ones. */
export function fullName(p: Profile): string {
  return [p.firstname, p.middlename, p.lastname].filter(Boolean).join(' ');
}

/** "record_label" → "record label". */
export function identityLabel(identity: string): string {
  return identity.replace(/[_-]/g, ' ');
}
