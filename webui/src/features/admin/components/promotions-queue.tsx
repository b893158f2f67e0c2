import { formatNaira } from '@/lib/money';
import { decidePromotion, usePendingPromotions, type PendingPromotion } from '../api/promotions-queue';
import { formatDate } from './format-date';
import { QueueState, type QueueProps } from './queue-state';
import { ReviewActions } from './review-actions';

/** What the promotion is, in a few words: "In-app audio promotion" or "Gold (tv)". */
export function promotionName(p: PendingPromotion): string {
  if (p.category === 'in_app') return p.post_type ? `In-app ${p.post_type} promotion` : 'In-app promotion';
  return `${p.package_name ?? 'Mass promotion'} (${p.category})`;
}

/** Paid promotions (in-app and mass) waiting for an admin: approval starts them, rejection refunds them. */
export function PromotionsQueue({ onDone }: QueueProps) {
  const query = usePendingPromotions();
  return (
    <QueueState query={query} rows={(d) => d.promotions} noun="promotions" empty="No promotions are waiting for review.">
      {(d) => (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Promotion</th>
              <th scope="col">By</th>
              <th scope="col">Paid</th>
              <th scope="col">Requested</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {d.promotions.map((p) => {
              const name = promotionName(p);
              const fields = Object.entries(p.fields);
              return (
                <tr key={p.id}>
                  <td data-label="Promotion">
                    {name}
                    <span className="muted"> · {p.days} days</span>
                    {p.title && <span className="promotion-title">{p.title}</span>}
                    {fields.length > 0 && (
                      <details>
                        <summary>Form</summary>
                        <dl className="admin-details">
                          {fields.map(([k, v]) => (
                            <div key={k}>
                              <dt>{k}</dt>
                              <dd>{v}</dd>
                            </div>
                          ))}
                        </dl>
                      </details>
                    )}
                  </td>
                  <td data-label="By">{p.username}</td>
                  <td data-label="Paid">{formatNaira(p.price)}</td>
                  <td data-label="Requested">{formatDate(p.created_at)}</td>
                  <td data-label="Actions">
                    <ReviewActions queue="promotions" decide={decidePromotion} id={p.id} name={name} onDone={onDone} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </QueueState>
  );
}
