import { useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { AdminsQueue } from './admins-queue';
import { PromotionsQueue } from './promotions-queue';
import type { QueueProps } from './queue-state';
import { ReleasesQueue } from './releases-queue';
import { WithdrawalsQueue } from './withdrawals-queue';
import './admin.css';

/** The review queues, in the order of their tabs. */
const TABS: { id: string; label: string; Panel: ComponentType<QueueProps> }[] = [
  { id: 'promotions', label: 'Promotions', Panel: PromotionsQueue },
  { id: 'admins', label: 'Admins', Panel: AdminsQueue },
  { id: 'releases', label: 'Releases', Panel: ReleasesQueue },
  { id: 'withdrawals', label: 'Withdrawals', Panel: WithdrawalsQueue },
];

/**
 * /admin/queues: what waits for an admin's decision, one tab per queue (the tab lives in the
 * address, ?tab=, so a reload or a shared link opens the same one).
 */
export function QueuesPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.id === params.get('tab')) ?? TABS[0];
  const [done, setDone] = useState('');

  return (
    <section className="admin-page">
      <h1>Review queues</h1>
      <div className="tab-row" role="tablist" aria-label="Queues">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={t === tab}
            className={t === tab ? 'active' : undefined}
            onClick={() => {
              setDone('');
              setParams({ tab: t.id }, { replace: true });
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab.label}>
        {done && <Alert tone="success">{done}</Alert>}
        <tab.Panel onDone={setDone} />
      </div>
    </section>
  );
}
