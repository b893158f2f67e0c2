import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { messageFor } from '@/lib/error-message';
import { adminCallErrors } from '../api/admin-errors';

/** What every queue's panel is told: how to announce a decision made. */
export type QueueProps = { onDone: (text: string) => void };

type Props<T> = {
  query: UseQueryResult<T>;
  rows: (data: T) => unknown[];
  noun: string;
  empty: string;
  children: (data: T) => ReactNode;
};

/** Loading, error and empty states shared by the queues; `children` renders a non-empty list. */
export function QueueState<T extends object>({ query, rows, noun, empty, children }: Props<T>) {
  if (query.isPending) return <Spinner label={`Loading ${noun}...`} />;
  if (query.isError) return <Alert>{messageFor(query.error, adminCallErrors(`Failed to fetch ${noun}`))}</Alert>;
  if (rows(query.data).length === 0) return <p className="muted">{empty}</p>;
  return <div className="admin-table-wrap">{children(query.data)}</div>;
}
