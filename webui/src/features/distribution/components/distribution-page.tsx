import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toApiError } from '@/lib/api-client';
import { formatNaira, newIdempotencyKey } from '@/lib/money';
import { useTerms } from '@/lib/terms';
import {
  emptyForm,
  stepOf,
  firstOpenStep,
  fromStored,
  lagosToday,
  LAST_STEP,
  mapServerErrors,
  packagesOf,
  STEPS,
  TEXTS,
  toBody,
  validateStep,
  type FormErrors,
  type Release,
  type Step,
  type WizardForm,
} from '../api/release-form';
import { answered, latestDraft, releasesKey, saveDraft, submitRelease } from '../api/releases';
import { ArtistProfileStep, DistributionStep, MetadataStep, ReleaseInfoStep, UploadStep } from './wizard-steps';
import './distribution.css';

/** Keeps the form's upload keys in step with the draft the server stored (its own media keys). */
function adoptStoredKeys(current: WizardForm, sent: WizardForm, stored: Release['form']): WizardForm {
  const keep = (now: string, before: string, saved: string | undefined) => (now === before && saved ? saved : now);
  return {
    ...current,
    coverArt: keep(current.coverArt, sent.coverArt, stored.coverArt),
    audioFile: sent.releaseType === 'single' ? keep(current.audioFile, sent.audioFile, stored.audioFile) : current.audioFile,
    tracks:
      sent.releaseType === 'album'
        ? current.tracks.map((t, i) => ({ ...t, audioFile: keep(t.audioFile, sent.tracks[i]?.audioFile ?? '', stored.tracks[i]?.audioFile) }))
        : current.tracks,
  };
}

function withoutStep(errors: FormErrors, step: Step): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => stepOf(path) !== step));
}

type Banner = { tone: 'error' | 'info' | 'success'; text: string; link?: boolean };

/**
 * /distribution: the five-step release wizard (spec part 2 §2, §4, §5). Each step checks its own
 * rules before Next; the draft is saved on the server whenever the artist moves between steps
 * and resumed on return; Submit saves once more and submits (the promotion package paid from the
 * wallet), then shows "Submission Successful!".
 */
export function DistributionPage() {
  const queryClient = useQueryClient();
  const terms = useTerms();
  const [today] = useState(lagosToday);
  const [form, setForm] = useState<WizardForm>(() => emptyForm(today));
  const [step, setStep] = useState<Step>(1);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busyUploads, setBusyUploads] = useState<string[]>([]);
  const [previews, setPreviews] = useState<Release['files'] | null>(null);
  const [loading, setLoading] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [draftNote, setDraftNote] = useState('');
  const [done, setDone] = useState<Release | null>(null);
  const formRef = useRef(form);
  const idRef = useRef<string | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const attemptKey = useRef<string | null>(null);

  const update = (recipe: (f: WizardForm) => WizardForm) => {
    formRef.current = recipe(formRef.current);
    setForm(formRef.current);
  };

  useEffect(() => {
    let live = true;
    latestDraft()
      .then((draft) => {
        if (!live || !draft || idRef.current) return;
        idRef.current = draft.id;
        formRef.current = fromStored(draft.form, today);
        setForm(formRef.current);
        setPreviews(draft.files);
        setStep(firstOpenStep(formRef.current, today));
        setBanner({ tone: 'info', text: `Your draft "${draft.title || 'Untitled release'}" was restored.` });
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [today]);

  /** Saves the form as it is when its turn comes (saves run one after another). */
  const save = (): Promise<Release> => {
    const run = chain.current.then(async () => {
      const sent = formRef.current;
      const release = await saveDraft(idRef.current, toBody(sent));
      idRef.current = release.id;
      formRef.current = adoptStoredKeys(formRef.current, sent, release.form);
      setForm(formRef.current);
      setPreviews(release.files);
      return release;
    });
    chain.current = run.catch(() => undefined);
    return run;
  };

  const saveQuietly = () => {
    setDraftNote('Saving draft...');
    save()
      .then(() => {
        setDraftNote('Draft saved');
        void queryClient.invalidateQueries({ queryKey: releasesKey });
      })
      .catch((error) => {
        const apiError = toApiError(error);
        const mapped = mapServerErrors(apiError.fieldErrors);
        if (mapped.step) setErrors((e) => ({ ...e, ...mapped.errors }));
        const first = apiError.fieldErrors[0];
        setDraftNote(apiError.status === 409 ? apiError.message : first ? `Draft not saved: ${first.msg} (step ${stepOf(first.field)})` : 'Draft not saved');
      });
  };

  const set = (path: string, recipe: (f: WizardForm) => WizardForm) => {
    update(recipe);
    setErrors(({ [path]: _cleared, ...rest }) => rest);
  };

  const uploading = busyUploads.length > 0;

  const go = (to: Step) => {
    setStep(to);
    setBanner(null);
    window.scrollTo?.({ top: 0 });
  };

  const next = () => {
    if (uploading) {
      setBanner({ tone: 'error', text: TEXTS.uploading });
      return;
    }
    const found = validateStep(formRef.current, step, today);
    if (Object.keys(found).length > 0) {
      setErrors((e) => ({ ...withoutStep(e, step), ...found }));
      return;
    }
    setErrors((e) => withoutStep(e, step));
    saveQuietly();
    go((step + 1) as Step);
  };

  const back = () => {
    if (!uploading) saveQuietly();
    go((step - 1) as Step);
  };

  const fail = (error: unknown) => {
    const apiError = toApiError(error);
    if (answered(error)) attemptKey.current = null;
    const mapped = mapServerErrors(apiError.fieldErrors);
    if (apiError.status === 400 && mapped.step) {
      setErrors(mapped.errors);
      setStep(mapped.step);
      setBanner({ tone: 'error', text: 'Please fix the highlighted fields.' });
      return;
    }
    if (apiError.status === 406) {
      const pack = terms.data && packagesOf(terms.data).find((p) => p.id === formRef.current.promotionPackage);
      setErrors((e) => ({ ...e, promotionPackage: TEXTS.insufficientFunds }));
      setBanner({
        tone: 'error',
        text: `${TEXTS.insufficientFunds}: your wallet does not cover the ${pack?.name ?? ''} package (${formatNaira(pack?.price)}). Top up your wallet or choose another package.`,
        link: true,
      });
      return;
    }
    setBanner({ tone: 'error', text: apiError.status === 409 ? apiError.message || TEXTS.submitFailed : TEXTS.submitFailed });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (step !== LAST_STEP) {
      next();
      return;
    }
    if (submitting || uploading) return;
    for (const s of [1, 2, 3, 4, 5] as const) {
      const found = validateStep(formRef.current, s, today);
      if (Object.keys(found).length > 0) {
        setErrors(found);
        setStep(s);
        return;
      }
    }
    setSubmitting(true);
    setBanner(null);
    try {
      const draft = await save();
      attemptKey.current ??= newIdempotencyKey();
      const release = await submitRelease(draft.id, attemptKey.current);
      attemptKey.current = null;
      setDone(release);
      void queryClient.invalidateQueries({ queryKey: releasesKey });
    } catch (error) {
      fail(error);
    } finally {
      setSubmitting(false);
    }
  };

  const reset = () => {
    idRef.current = null;
    attemptKey.current = null;
    formRef.current = emptyForm(today);
    setForm(formRef.current);
    setErrors({});
    setPreviews(null);
    setBanner(null);
    setDraftNote('');
    setDone(null);
    setStep(1);
  };

  if (loading) return <Spinner label="Loading your release..." />;

  if (done) {
    return (
      <section className="dist-page">
        <div className="dist-success" role="status">
          <h1>Submission Successful!</h1>
          <p>
            "{done.title}" was submitted for review. We will notify you when its status changes.
            {done.package !== 'none' && done.package !== '' && ` Your promotion package (${formatNaira(done.price)}) was paid from your wallet.`}
          </p>
          <div className="dist-actions">
            <Button onClick={reset}>Submit Another Release</Button>
            <Link className="btn btn-secondary" to={paths.releases}>
              My releases
            </Link>
          </div>
        </div>
      </section>
    );
  }

  const props = { form, errors, disabled: submitting, today, set };
  return (
    <section className="dist-page">
      <header className="dist-header">
        <h1>Distribute your music</h1>
        <Link to={paths.releases}>My releases</Link>
      </header>
      <p className="muted">Release to 150+ platforms. Distribution of cover songs is not supported.</p>
      <ol className="dist-progress" aria-label="Progress">
        {STEPS.map((name, i) => (
          <li key={name} className={i + 1 < step ? 'done' : i + 1 === step ? 'current' : undefined} aria-current={i + 1 === step ? 'step' : undefined}>
            <span className="dist-progress-number">{i + 1}</span>
            <span className="dist-progress-name">{name}</span>
          </li>
        ))}
      </ol>
      <p className="muted dist-step-count">
        Step {step} of {STEPS.length}
      </p>
      <form className="dist-form" onSubmit={onSubmit} noValidate>
        <h2>{STEPS[step - 1]}</h2>
        {step === 1 && <ArtistProfileStep {...props} />}
        {step === 2 && <ReleaseInfoStep {...props} />}
        {step === 3 && (
          <UploadStep
            {...props}
            previews={previews}
            onBusy={(path, busy) => setBusyUploads((b) => (busy ? [...b, path] : b.filter((p) => p !== path)))}
            onError={(path, message) => setErrors((e) => ({ ...e, [path]: message }))}
          />
        )}
        {step === 4 && <MetadataStep {...props} />}
        {step === 5 && <DistributionStep {...props} />}
        {banner && (
          <Alert tone={banner.tone}>
            {banner.text}
            {banner.link && (
              <>
                {' '}
                <Link to={paths.dashboard}>Go to wallet</Link>
              </>
            )}
          </Alert>
        )}
        <div className="dist-actions">
          {step > 1 && (
            <Button variant="secondary" disabled={submitting} onClick={back}>
              Back
            </Button>
          )}
          {step < LAST_STEP ? (
            <Button type="submit" disabled={uploading}>
              Next
            </Button>
          ) : (
            <Button type="submit" disabled={submitting || uploading}>
              {submitting ? 'Submitting...' : 'Submit Release'}
            </Button>
          )}
        </div>
        {draftNote && (
          <p className="muted dist-draft-note" aria-live="polite">
            {draftNote}
          </p>
        )}
      </form>
    </section>
  );
}
