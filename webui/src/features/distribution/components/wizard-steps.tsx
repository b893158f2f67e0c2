import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/text-area';
import { TextField } from '@/components/ui/text-field';
import { formatNaira } from '@/lib/money';
import { useTerms } from '@/lib/terms';
import {
  AGREEMENTS,
  copyrightYears,
  GENRES,
  MAX_TRACKS,
  MIN_TRACKS,
  packagesOf,
  PLATFORMS,
  resizeTracks,
  type FormErrors,
  type Release,
  type TrackForm,
  type WizardForm,
} from '../api/release-form';
import { Checkbox, RadioGroup, ReleaseFileField, Select } from './fields';

export type StepProps = {
  form: WizardForm;
  errors: FormErrors;
  disabled: boolean;
  today: string;
  /** Changes the form and clears the error of `path`. */
  set: (path: string, recipe: (form: WizardForm) => WizardForm) => void;
};

export type UploadProps = {
  previews: Release['files'] | null;
  onBusy: (path: string, busy: boolean) => void;
  onError: (path: string, message: string) => void;
};

const GENRE_OPTIONS = GENRES.map((g) => [g, g] as const);

function setTrack(form: WizardForm, index: number, patch: Partial<TrackForm>): WizardForm {
  return { ...form, tracks: form.tracks.map((t, i) => (i === index ? { ...t, ...patch } : t)) };
}

export function ArtistProfileStep({ form, errors, disabled, set }: StepProps) {
  const profile = (field: keyof WizardForm['existingProfiles'], label: string) => (
    <TextField
      label={label}
      type="url"
      inputMode="url"
      placeholder="https://"
      value={form.existingProfiles[field]}
      error={errors[`existingProfiles.${field}`]}
      disabled={disabled}
      onChange={(e) => {
        const value = e.target.value;
        set(`existingProfiles.${field}`, (f) => ({ ...f, existingProfiles: { ...f.existingProfiles, [field]: value } }));
      }}
    />
  );
  return (
    <>
      <RadioGroup
        legend="Have you distributed music before?"
        value={form.hasDistributed}
        options={[
          ['yes', 'Yes, I have artist profiles'],
          ['no', 'No, this is my first release'],
        ]}
        error={errors.hasDistributed}
        disabled={disabled}
        onChange={(v) => set('hasDistributed', (f) => ({ ...f, hasDistributed: v }))}
      />
      {form.hasDistributed === 'yes' && (
        <>
          {profile('spotify', 'Spotify artist profile URL')}
          {profile('appleMusic', 'Apple Music artist profile URL')}
          {profile('youtubeMusic', 'YouTube Music artist profile URL')}
        </>
      )}
      {form.hasDistributed === 'no' && (
        <>
          <TextField
            label="Artist name"
            value={form.artistName}
            error={errors.artistName}
            disabled={disabled}
            maxLength={200}
            onChange={(e) => {
              const value = e.target.value;
              set('artistName', (f) => ({ ...f, artistName: value }));
            }}
          />
          <Checkbox
            label="I own this artist name and want a new artist profile created for it."
            checked={form.confirmOwnership}
            error={errors.confirmOwnership}
            disabled={disabled}
            onChange={(checked) => set('confirmOwnership', (f) => ({ ...f, confirmOwnership: checked }))}
          />
        </>
      )}
    </>
  );
}

export function ReleaseInfoStep({ form, errors, disabled, set }: StepProps) {
  const album = form.releaseType === 'album';
  return (
    <>
      <RadioGroup
        legend="Release type"
        value={form.releaseType}
        options={[
          ['single', 'Single'],
          ['album', 'Album'],
        ]}
        error={errors.releaseType}
        disabled={disabled}
        onChange={(v) => set('releaseType', (f) => ({ ...f, releaseType: v }))}
      />
      <TextField
        label="Release title"
        value={form.title}
        error={errors.title}
        disabled={disabled}
        maxLength={200}
        onChange={(e) => {
          const value = e.target.value;
          set('title', (f) => ({ ...f, title: value }));
        }}
      />
      {album && (
        <>
          <Select
            label="Number of tracks"
            value={form.numberOfTracks}
            options={Array.from({ length: MAX_TRACKS - MIN_TRACKS + 1 }, (_, i) => [i + MIN_TRACKS, String(i + MIN_TRACKS)] as const)}
            error={errors.numberOfTracks ?? errors.tracks}
            disabled={disabled}
            onChange={(v) => {
              const count = Number(v);
              set('numberOfTracks', (f) => ({ ...f, numberOfTracks: count, tracks: resizeTracks(f.tracks, count) }));
            }}
          />
          {form.tracks.map((track, i) => (
            <fieldset key={i} className="dist-track">
              <legend>Track {i + 1}</legend>
              <TextField
                label={`Track ${i + 1} title`}
                value={track.title}
                error={errors[`tracks[${i}].title`]}
                disabled={disabled}
                maxLength={200}
                onChange={(e) => {
                  const value = e.target.value;
                  set(`tracks[${i}].title`, (f) => setTrack(f, i, { title: value }));
                }}
              />
              <TextField
                label={`Track ${i + 1} featured artist (optional)`}
                value={track.featuredArtist}
                error={errors[`tracks[${i}].featuredArtist`]}
                disabled={disabled}
                maxLength={200}
                onChange={(e) => {
                  const value = e.target.value;
                  set(`tracks[${i}].featuredArtist`, (f) => setTrack(f, i, { featuredArtist: value }));
                }}
              />
            </fieldset>
          ))}
        </>
      )}
      <Checkbox
        label="This release is a cover of someone else's song"
        checked={form.isCover}
        error={errors.isCover}
        disabled={disabled}
        onChange={(checked) => set('isCover', (f) => ({ ...f, isCover: checked }))}
      />
      <p className="muted dist-hint">Distribution of cover songs is not supported.</p>
    </>
  );
}

export function UploadStep({ form, errors, disabled, set, previews, onBusy, onError }: StepProps & UploadProps) {
  const album = form.releaseType === 'album';
  const file = (path: string, label: string, kind: 'cover_art' | 'release_audio', value: string, previewUrl: string | undefined, put: (f: WizardForm, key: string) => WizardForm) => (
    <ReleaseFileField
      key={path}
      label={label}
      kind={kind}
      value={value}
      previewUrl={previewUrl || undefined}
      error={errors[path]}
      disabled={disabled}
      onBusy={(busy) => onBusy(path, busy)}
      onUploaded={(key) => set(path, (f) => put(f, key))}
      onError={(message) => onError(path, message)}
    />
  );
  return (
    <>
      {file('coverArt', 'Cover art', 'cover_art', form.coverArt, previews?.coverArt, (f, key) => ({ ...f, coverArt: key }))}
      {!album && file('audioFile', 'Audio file', 'release_audio', form.audioFile, previews?.audioFile, (f, key) => ({ ...f, audioFile: key }))}
      {album &&
        form.tracks.map((track, i) =>
          file(`tracks[${i}].audioFile`, `Track ${i + 1} audio${track.title.trim() ? ` (${track.title.trim()})` : ''}`, 'release_audio', track.audioFile, previews?.tracks[i], (f, key) => setTrack(f, i, { audioFile: key })),
        )}
    </>
  );
}

export function MetadataStep({ form, errors, disabled, set, today }: StepProps) {
  const album = form.releaseType === 'album';
  const text = (path: 'copyright.owner' | 'recordLabelName', label: string, value: string, put: (f: WizardForm, v: string) => WizardForm) => (
    <TextField
      label={label}
      value={value}
      error={errors[path]}
      disabled={disabled}
      maxLength={200}
      onChange={(e) => {
        const v = e.target.value;
        set(path, (f) => put(f, v));
      }}
    />
  );
  return (
    <>
      <Select label="Primary genre" value={form.genre} placeholder="Select a genre" options={GENRE_OPTIONS} error={errors.genre} disabled={disabled} onChange={(v) => set('genre', (f) => ({ ...f, genre: v }))} />
      <Select
        label="Secondary genre (optional)"
        value={form.secondaryGenre}
        placeholder="None"
        options={GENRE_OPTIONS}
        error={errors.secondaryGenre}
        disabled={disabled}
        onChange={(v) => set('secondaryGenre', (f) => ({ ...f, secondaryGenre: v }))}
      />
      <TextField
        label="Release date"
        type="date"
        min={today}
        value={form.releaseDate}
        error={errors.releaseDate}
        disabled={disabled}
        onChange={(e) => {
          const value = e.target.value;
          set('releaseDate', (f) => ({ ...f, releaseDate: value }));
        }}
      />
      <Checkbox label="Explicit content" checked={form.isExplicit} error={errors.isExplicit} disabled={disabled} onChange={(checked) => set('isExplicit', (f) => ({ ...f, isExplicit: checked }))} />
      {!album && (
        <TextField
          label="Clip start time (seconds)"
          type="number"
          min={0}
          step={1}
          value={String(form.clipStartTime)}
          error={errors.clipStartTime}
          disabled={disabled}
          onChange={(e) => {
            const value = Math.max(0, Math.trunc(Number(e.target.value) || 0));
            set('clipStartTime', (f) => ({ ...f, clipStartTime: value }));
          }}
        />
      )}
      <Select
        label="Copyright year"
        value={form.copyright.year}
        options={copyrightYears(today).map((y) => [y, String(y)] as const)}
        error={errors['copyright.year']}
        disabled={disabled}
        onChange={(v) => set('copyright.year', (f) => ({ ...f, copyright: { ...f.copyright, year: Number(v) } }))}
      />
      {text('copyright.owner', 'Copyright owner', form.copyright.owner, (f, v) => ({ ...f, copyright: { ...f.copyright, owner: v } }))}
      <RadioGroup
        legend="Is this release on a record label?"
        value={form.recordLabel}
        options={[
          ['no', 'No'],
          ['yes', 'Yes'],
        ]}
        error={errors.recordLabel}
        disabled={disabled}
        onChange={(v) => set('recordLabel', (f) => ({ ...f, recordLabel: v }))}
      />
      {form.recordLabel === 'yes' && text('recordLabelName', 'Record label name', form.recordLabelName, (f, v) => ({ ...f, recordLabelName: v }))}
      <RadioGroup
        legend="Who wrote the songs?"
        value={form.songwriter}
        options={[
          ['self', 'I wrote them (or with co-writers)'],
          ['other', 'Someone else wrote them'],
        ]}
        error={errors.songwriter}
        disabled={disabled}
        onChange={(v) => set('songwriter', (f) => ({ ...f, songwriter: v }))}
      />
      {form.songwriter === 'other' ? (
        <p className="alert alert-info" role="note" data-testid="songwriter-notice">
          Releases written by someone else need their permission. After submission we will contact you for the songwriters' legal names and
          their licence before the release is delivered.
        </p>
      ) : (
        <fieldset className="dist-songwriters">
          <legend>Songwriters' legal names</legend>
          {form.songwriters.map((name, i) => (
            <div key={i} className="dist-row">
              <TextField
                label={`Songwriter ${i + 1}`}
                value={name}
                error={errors[`songwriters[${i}]`]}
                disabled={disabled}
                maxLength={200}
                onChange={(e) => {
                  const value = e.target.value;
                  set(`songwriters[${i}]`, (f) => ({ ...f, songwriters: f.songwriters.map((s, j) => (j === i ? value : s)) }));
                }}
              />
              {form.songwriters.length > 1 && (
                <Button variant="ghost" disabled={disabled} onClick={() => set('songwriters', (f) => ({ ...f, songwriters: f.songwriters.filter((_, j) => j !== i) }))}>
                  Remove
                </Button>
              )}
            </div>
          ))}
          <Button variant="secondary" disabled={disabled} onClick={() => set('songwriters', (f) => ({ ...f, songwriters: [...f.songwriters, ''] }))}>
            Add songwriter
          </Button>
        </fieldset>
      )}
      <TextArea
        label={album ? 'Lyrics (optional)' : 'Lyrics'}
        value={form.lyrics}
        error={errors.lyrics}
        disabled={disabled}
        rows={6}
        maxLength={10000}
        onChange={(e) => {
          const value = e.target.value;
          set('lyrics', (f) => ({ ...f, lyrics: value }));
        }}
      />
    </>
  );
}

export function DistributionStep({ form, errors, disabled, set }: StepProps) {
  const terms = useTerms();
  const packages = terms.data ? packagesOf(terms.data) : [];
  return (
    <>
      <p className="dist-claim">Your release goes to 150+ platforms and stores worldwide.</p>
      <Checkbox label="Distribute to all platforms" checked={form.allPlatforms} disabled={disabled} onChange={(checked) => set('platforms', (f) => ({ ...f, allPlatforms: checked }))} />
      {!form.allPlatforms && (
        <fieldset className="dist-platforms" aria-invalid={errors.platforms ? true : undefined}>
          <legend>Platforms</legend>
          {PLATFORMS.map(({ field, label }) => (
            <Checkbox
              key={field}
              label={label}
              checked={form.platforms[field]}
              disabled={disabled}
              onChange={(checked) => set('platforms', (f) => ({ ...f, platforms: { ...f.platforms, [field]: checked } }))}
            />
          ))}
          {errors.platforms && <p className="field-error">{errors.platforms}</p>}
        </fieldset>
      )}
      <RadioGroup
        legend="Promotion package (paid from your wallet on submission)"
        value={form.promotionPackage}
        options={packages.map((p) => [p.id, <>{p.name}{p.price > 0 && ` · ${formatNaira(p.price)}`} <small className="muted">{p.features}</small></>] as const)}
        error={errors.promotionPackage}
        disabled={disabled}
        onChange={(v) => set('promotionPackage', (f) => ({ ...f, promotionPackage: v }))}
      />
      <fieldset className="dist-agreements">
        <legend>Agreements</legend>
        {AGREEMENTS.map(({ field, label }) => (
          <Checkbox
            key={field}
            label={label}
            checked={form.agreements[field]}
            error={errors[`agreements.${field}`]}
            disabled={disabled}
            onChange={(checked) => set(`agreements.${field}`, (f) => ({ ...f, agreements: { ...f.agreements, [field]: checked } }))}
          />
        ))}
      </fieldset>
    </>
  );
}
