import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { messageFor } from '@/lib/error-message';
import { adminCallErrors } from '../api/admin-errors';
import { useAudit } from '../api/audit';
import { formatDate } from './format-date';
import { Pager } from './pager';
import './admin.css';

const auditErrors = adminCallErrors('Failed to fetch the audit log');

/** A before/after value as one short line: {"status":"pending"} reads status: pending. */
export function describeState(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) =>
    `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`,
  );
  return parts.length ? parts.join(', ') : '—';
}

/** /admin/audit: every admin action, who did it, to what, and what it changed. */
export function AuditPage() {
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  return (
    <section className="admin-page">
      <h1>Audit log</h1>
      {audit.isPending ? (
        <Spinner label="Loading audit log..." />
      ) : audit.isError ? (
        <Alert>{messageFor(audit.error, auditErrors)}</Alert>
      ) : audit.data.entries.length === 0 ? (
        <p className="muted">No admin actions recorded yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Admin</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.entries.map((e) => (
                <tr key={e.id}>
                  <td data-label="When">{formatDate(e.at)}</td>
                  <td data-label="Admin">{e.admin_username}</td>
                  <td data-label="Action">{e.action}</td>
                  <td data-label="Target">
                    {e.target_type} <span className="muted">{e.target_id}</span>
                  </td>
                  <td data-label="Before">{describeState(e.before)}</td>
                  <td data-label="After">{describeState(e.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            page={audit.data.pagination.currentPage}
            totalPages={audit.data.pagination.totalPages}
            total={audit.data.pagination.total}
            noun={['entry', 'entries']}
            onPage={setPage}
          />
        </div>
      )}
    </section>
  );
}
