import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { mediaUrl } from '@/lib/media-url';
import { formatNaira } from '@/lib/money';
import { useAttemptKey } from '@/lib/attempt-key';
import { useTerms } from '@/lib/terms';
import { promotionsErrorText, useMyPromotions } from '../api/my-promotions';
import { UPLOAD_KINDS, uploadsErrorText, useOwnUploads, type PromotableType, type Upload } from '../api/own-uploads';
import { durationLabel, formatPrice } from '../api/price';
import { APPROVAL_NOTE, promoteErrorText, requestPromotion } from '../api/promote';
import './promotion.css';

/** One kind's uploads, pickable; a failed fetch shows its text and Retry. */
function UploadList({ type, selected, onPick }: { type: PromotableType; selected: Upload | null; onPick: (u: Upload) => void }) {
  const uploads = useOwnUploads(type);
  if (uploads.isPending) return <Spinner label="Loading..." />;
  if (uploads.isError) {
    return (
      <div className="promo-section">
        <p role="alert" className="error-text">{uploadsErrorText(uploads.error, type)}</p>
        <Button variant="secondary" onClick={() => uploads.refetch()}>Retry</Button>
      </div>
    );
  }
  if (uploads.data.length === 0) return <p className="muted">Nothing uploaded here yet.</p>;
  return (
    <ul className="promo-grid" aria-label="Your uploads">
      {uploads.data.map((u) => (
        <li key={u.id}>
          <button type="button" className="promo-item" aria-pressed={selected?.id === u.id && selected.type === u.type} onClick={() => onPick(u)}>
            {u.cover ? <img src={mediaUrl(u.cover)} alt="" /> : <span className="promo-cover" aria-hidden="true" />}
            <span>{u.title}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Spec part 2 §9: the promote page's preview modal plays 30 s. */
const PREVIEW_SECONDS = 30;

/** Stops a preview at 30 s and sends it back to the start. */
function stopAtPreviewEnd(e: SyntheticEvent<HTMLMediaElement>) {
  const media = e.currentTarget;
  if (media.currentTime >= PREVIEW_SECONDS) {
    media.pause();
    media.currentTime = 0;
  }
}

/** The chosen upload, playing (its first 30 s) in a modal before the creator pays to promote it. */
function PreviewModal({ upload, onClose }: { upload: Upload; onClose: () => void }) {
  return (
    <Dialog title={upload.title} onClose={onClose} actions={<Button onClick={onClose}>Continue</Button>}>
      {upload.type === 'video' ? (
        <video src={mediaUrl(upload.media)} controls playsInline aria-label="Preview" className="promo-cover" onTimeUpdate={stopAtPreviewEnd} />
      ) : (
        <>
          {upload.cover && <img src={mediaUrl(upload.cover)} alt="" className="promo-cover" />}
          <audio src={mediaUrl(upload.media)} controls aria-label="Preview" onTimeUpdate={stopAtPreviewEnd} />
        </>
      )}
      <p className="promo-note">Preview: the first {PREVIEW_SECONDS}s of your {upload.type}.</p>
    </Dialog>
  );
}

const DAY = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });
const day = (iso: string | null) => (iso ? DAY.format(Date.parse(iso)) : '');

/** The creator's in-app promotions: approved ones green, every other yellow, with price and window. */
function ActivePromotions() {
  const mine = useMyPromotions({ category: 'in_app', status: '', limit: 10, offset: 0 });
  return (
    <section className="promo-section" aria-labelledby="active-heading">
      <h2 id="active-heading">Active Promotions</h2>
      {mine.isPending && <Spinner label="Loading..." />}
      {mine.isError && <p className="error-text">{promotionsErrorText(mine.error)}</p>}
      {mine.data && mine.data.data.length === 0 && <p className="muted">No promotions yet.</p>}
      {mine.data && mine.data.data.length > 0 && (
        <ul className="promo-list">
          {mine.data.data.map((p) => (
            <li key={p.id}>
              <span>
                <strong>{p.title}</strong>
                <span className="promo-note">
                  {' '}{formatNaira(p.price)}
                  {p.start_date && p.end_date ? ` · ${day(p.start_date)} to ${day(p.end_date)}` : ` · ${p.days} days`}
                </span>
              </span>
              <span className={`status-badge ${p.status === 'active' ? 'status-green' : 'status-yellow'}`}>{p.status === 'active' ? 'approved' : p.status}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /promotion (spec part 2 §2): promote one of your uploads in the app for 1 Week, 2 Weeks or 1 Month. */
export function PromotePage() {
  const [type, setType] = useState<PromotableType>('beat');
  const [selected, setSelected] = useState<Upload | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const terms = useTerms();
  const offered = terms.data?.promotion.days ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const days = chosen ?? offered[0] ?? 0;
  const attempt = useAttemptKey();
  const queryClient = useQueryClient();

  const promote = useMutation({
    mutationFn: (input: { postId: string; type: PromotableType; days: number }) => requestPromotion(input, attempt.key()),
    onSettled: (_data, error) => attempt.settle(error ?? undefined),
    onSuccess: () => {
      setSelected(null);
      void queryClient.invalidateQueries({ queryKey: ['promotion'] });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
  });

  const pick = (u: Upload) => {
    promote.reset();
    if (selected?.id === u.id && selected.type === u.type) {
      setSelected(null);
      return;
    }
    setSelected(u);
    setPreviewing(true);
  };

  return (
    <div className="promo-page">
      <h1>Promote Content</h1>
      <div className="promo-tabs" role="group" aria-label="Content type">
        {UPLOAD_KINDS.map((k) => (
          <Button key={k.type} variant={type === k.type ? 'primary' : 'secondary'} aria-pressed={type === k.type} onClick={() => setType(k.type)}>
            {k.label}
          </Button>
        ))}
      </div>
      <UploadList type={type} selected={selected} onPick={pick} />
      {selected && previewing && <PreviewModal upload={selected} onClose={() => setPreviewing(false)} />}

      {selected && (
        <section className="promo-section" aria-labelledby="duration-heading">
          <h2 id="duration-heading">Duration</h2>
          {terms.isError && (
            <p role="alert" className="error-text">
              Could not load the prices. <Button variant="secondary" onClick={() => terms.refetch()}>Retry</Button>
            </p>
          )}
          <div className="promo-durations" role="group" aria-label="Duration">
            {offered.map((d) => (
              <Button key={d} variant={days === d ? 'primary' : 'secondary'} aria-pressed={days === d} onClick={() => setChosen(d)}>
                {durationLabel(d)}
              </Button>
            ))}
          </div>
          <h2>Summary</h2>
          <dl className="promo-summary" aria-label="Summary">
            <dt>Content</dt>
            <dd>{selected.title}</dd>
            <dt>Type</dt>
            <dd>{selected.type}</dd>
            <dt>Duration</dt>
            <dd>{days > 0 && durationLabel(days)}</dd>
            <dt>Price</dt>
            <dd>{terms.data && formatPrice(days, terms.data.promotion.price_per_7_days)}</dd>
          </dl>
          <p className="promo-note">{APPROVAL_NOTE}</p>
          <Button block disabled={promote.isPending || days === 0} onClick={() => promote.mutate({ postId: selected.id, type: selected.type, days })}>
            {promote.isPending ? 'Requesting...' : 'Request Promotion'}
          </Button>
        </section>
      )}
      {promote.isError && <Alert>{promoteErrorText(promote.error)}</Alert>}
      {promote.isSuccess && (
        <Alert tone="success">
          Promotion requested for {formatNaira(promote.data.data.price)}. It is pending: {APPROVAL_NOTE}
        </Alert>
      )}

      <ActivePromotions />
    </div>
  );
}
