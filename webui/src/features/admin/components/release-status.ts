/** A release's status as the admin reads it. */
const LABELS: Record<string, string> = {
  submitted: 'Submitted',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
  delivered: 'Delivered',
  draft: 'Draft',
};

export function releaseStatus(status: string): string {
  return LABELS[status] ?? status;
}
