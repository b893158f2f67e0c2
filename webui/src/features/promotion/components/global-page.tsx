import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatNaira } from '@/lib/money';
import { CONFIRM_TEXT } from '../api/mass-form';
import { GLOBAL_TABS, onTab, usePackages, type GlobalCategory, type Package } from '../api/packages';
import './promotion.css';

// The package's form (on the form component) loads when a package is confirmed, not with the tabs.
const MassForm = lazy(() => import('./mass-form-sheet').then((m) => ({ default: m.MassForm })));


/** /global, Global Promotion (spec part 2 §2): packages per category, confirm, then the category's form. */
export function GlobalPage() {
  const [tab, setTab] = useState<GlobalCategory>('tiktok');
  const [chosen, setChosen] = useState<Package | null>(null);
  const [step, setStep] = useState<'confirm' | 'form' | null>(null);
  const packages = usePackages();
  const list = (packages.data?.packages ?? []).filter((p) => onTab(p.category, tab));

  return (
    <div className="promo-page">
      <h1>Global Promotion</h1>
      <div className="promo-tabs" role="tablist" aria-label="Categories">
        {GLOBAL_TABS.map((t) => (
          <Button key={t.category} role="tab" aria-selected={tab === t.category} variant={tab === t.category ? 'primary' : 'secondary'} onClick={() => setTab(t.category)}>
            {t.label}
          </Button>
        ))}
      </div>
      {packages.isPending && <Spinner label="Loading packages..." />}
      {packages.isError && <p role="alert" className="error-text">Error loading packages</p>}
      {packages.data && list.length === 0 && <p className="muted">No packages available</p>}
      {list.length > 0 && (
        <ul className="package-list" aria-label="Packages">
          {list.map((p) => (
            <li key={p.id} className="package-card">
              <h3>{p.name}</h3>
              <p className="muted">{p.description}</p>
              <span className="package-price">{formatNaira(p.price)}</span>
              <span className="muted">{p.duration}</span>
              <ul>
                {p.features.slice(0, 4).map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              <Button
                onClick={() => {
                  setChosen(p);
                  setStep('confirm');
                }}
              >
                Select
              </Button>
            </li>
          ))}
        </ul>
      )}
      {chosen && step === 'confirm' && (
        <Dialog
          title="Confirm Selection"
          onClose={() => setStep(null)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setStep(null)}>Cancel</Button>
              <Button onClick={() => setStep('form')}>Confirm</Button>
            </>
          }
        >
          <p><strong>{chosen.name}</strong>: {formatNaira(chosen.total)}</p>
          {CONFIRM_TEXT.map((line) => (
            <p key={line} className="promo-note">{line}</p>
          ))}
        </Dialog>
      )}
      {chosen && step === 'form' && (
        <Suspense fallback={<Spinner label="Loading..." />}>
          <MassForm key={chosen.id} pkg={chosen} onClose={() => setStep(null)} />
        </Suspense>
      )}
    </div>
  );
}
