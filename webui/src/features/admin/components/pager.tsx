import { Button } from '@/components/ui/button';

type Props = { page: number; totalPages: number; total: number; noun: [string, string]; onPage: (page: number) => void };

/** Previous / "Page X of Y · N items" / Next, for the admin lists that page by number. */
export function Pager({ page, totalPages, total, noun, onPage }: Props) {
  const last = Math.max(totalPages, 1);
  return (
    <nav className="admin-pager" aria-label="Pages">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {last} · {total} {total === 1 ? noun[0] : noun[1]}
      </span>
      <Button variant="secondary" disabled={page >= last} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
