import type { Terms } from '@/lib/terms';
import type { ApiBody, ApiAnswer } from '@/types/api';

/**
 * The distribution wizard's form (spec part 2 §3), its five steps and their rules (§5), with the
 * texts the server answers for the same fields (functions/openapi.yaml, tag distribution), so a
 * message reads the same whether the browser or the server found it. Errors are keyed by the
 * server's paths: `title`, `tracks[1].title`, `copyright.owner`, `agreements.rightsAck`.
 */
export type ReleaseBody = ApiBody<'/distribution/releases', 'post'>;
export type Release = ApiAnswer<'/distribution/releases/{id}', 'get'>['release'];
export type StoredForm = Release['form'];

export const STEPS = ['Artist Profile', 'Release Information', 'Upload Files', 'Metadata & Rights', 'Distribution & Agreements'] as const;
export type Step = 1 | 2 | 3 | 4 | 5;
export const LAST_STEP: Step = 5;

export const GENRES = ['pop', 'rock', 'hip-hop', 'electronic', 'jazz', 'classical', 'r&b', 'country', 'folk', 'other'] as const;

export const MIN_TRACKS = 2;
export const MAX_TRACKS = 15;
export const DEFAULT_TRACKS = 2;
const MAX_TEXT = 200;
const MAX_LYRICS = 10000;

export const PLATFORMS = [
  { field: 'spotify', label: 'Spotify' },
  { field: 'appleMusic', label: 'Apple Music' },
  { field: 'youtubeMusic', label: 'YouTube Music' },
  { field: 'amazonMusic', label: 'Amazon Music' },
  { field: 'tidal', label: 'Tidal' },
  { field: 'deezer', label: 'Deezer' },
] as const;
export type PlatformField = (typeof PLATFORMS)[number]['field'];

export type PackageId = Terms['release_packages'][number]['id'];

/** What each promotion package is called here and what it buys; its price is the terms'. */
export const PACKAGE_TEXTS: Record<PackageId, { name: string; features: string }> = {
  none: { name: 'No promotion', features: 'Distribution only' },
  basic: { name: 'Basic', features: 'Placement on 5 playlists' },
  standard: { name: 'Standard', features: '15 playlists, a blog feature and TikTok promotion' },
  premium: { name: 'Premium', features: 'Editorial consideration and an influencer campaign' },
};

export type PromotionPackage = { id: PackageId; name: string; price: number; features: string };

/**
 * Spec part 2 §9: the wizard's promotion packages, paid from the wallet on submission, in the
 * terms' order and at the terms' prices (GET /terms, release_packages).
 */
export const packagesOf = (terms: Terms): PromotionPackage[] =>
  terms.release_packages.map((p) => ({ id: p.id, price: p.price, ...PACKAGE_TEXTS[p.id] }));

export const AGREEMENTS = [
  { field: 'terms', label: 'I agree to the distribution terms and conditions.' },
  { field: 'youtubeAck', label: 'I understand YouTube Content ID may claim uses of this release on my behalf.' },
  { field: 'promoAck', label: 'I understand promotion results are not guaranteed.' },
  { field: 'rightsAck', label: 'I own or control all rights to this release and its artwork.' },
  { field: 'nameAck', label: 'The artist name matches how I want it to appear on every platform.' },
  { field: 'distributionAck', label: 'I understand stores may take several days to publish the release.' },
] as const;
export type AgreementField = (typeof AGREEMENTS)[number]['field'];

export const TEXTS = {
  selectOption: 'Please select an option',
  spotify: 'Spotify URL is required',
  appleMusic: 'Apple Music URL is required',
  youtubeMusic: 'YouTube Music URL is required',
  badUrl: 'Enter a valid URL starting with https://',
  artistName: 'Artist name is required',
  confirmOwnership: 'Please confirm you own this artist name',
  cover: 'Distribution of cover songs is not supported',
  title: 'Title is required',
  trackTitle: 'Track title is required',
  trackCount: 'An album has 2 to 15 tracks',
  coverArt: 'Cover art is required',
  audioFile: 'Audio file is required',
  genre: 'Primary genre is required',
  genreList: 'Choose a genre from the list',
  releaseDate: 'Release date is required',
  releaseDatePast: 'Release date cannot be before today',
  copyrightOwner: 'Copyright owner is required',
  copyrightYear: (from: number, to: number) => `Copyright year must be between ${from} and ${to}`,
  songwriters: 'All songwriter fields must be filled',
  lyrics: 'Lyrics are required',
  platforms: 'Select at least one platform',
  agree: 'You must agree to continue',
  tooLong: `Must be at most ${MAX_TEXT} characters`,
  lyricsTooLong: `Must be at most ${MAX_LYRICS} characters`,
  uploading: 'Wait for the upload to finish',
  submitFailed: 'Failed to submit. Please try again.',
  insufficientFunds: 'Insufficient funds',
} as const;

export type TrackForm = {
  title: string;
  songwriter: string;
  featuredArtist: string;
  lyrics: string;
  clipStartTime: number;
  genre: string;
  audioFile: string;
};

export type WizardForm = {
  hasDistributed: '' | 'yes' | 'no';
  artistName: string;
  confirmOwnership: boolean;
  existingProfiles: { spotify: string; appleMusic: string; youtubeMusic: string };
  isCover: boolean;
  releaseType: 'single' | 'album';
  title: string;
  numberOfTracks: number;
  tracks: TrackForm[];
  coverArt: string;
  audioFile: string;
  genre: string;
  secondaryGenre: string;
  releaseDate: string;
  isExplicit: boolean;
  clipStartTime: number;
  copyright: { year: number; owner: string };
  recordLabel: 'no' | 'yes';
  recordLabelName: string;
  songwriter: 'self' | 'other';
  songwriters: string[];
  lyrics: string;
  allPlatforms: boolean;
  platforms: Record<PlatformField, boolean>;
  promotionPackage: PackageId;
  agreements: Record<AgreementField, boolean>;
};

export type FormErrors = Record<string, string>;

export const emptyTrack: TrackForm = { title: '', songwriter: '', featuredArtist: '', lyrics: '', clipStartTime: 0, genre: '', audioFile: '' };

/** Today's date in Lagos, YYYY-MM-DD: the server's "today" for release dates. */
export function lagosToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Copyright year options: the current year minus 5 to plus 5 (spec part 2 §5). */
export function copyrightYears(today: string): number[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: 11 }, (_, i) => year - 5 + i);
}

/** The spec's defaults: two album tracks, all platforms, the main three ticked, no package. */
export function emptyForm(today: string = lagosToday()): WizardForm {
  return {
    hasDistributed: '',
    artistName: '',
    confirmOwnership: false,
    existingProfiles: { spotify: '', appleMusic: '', youtubeMusic: '' },
    isCover: false,
    releaseType: 'single',
    title: '',
    numberOfTracks: DEFAULT_TRACKS,
    tracks: resizeTracks([], DEFAULT_TRACKS),
    coverArt: '',
    audioFile: '',
    genre: '',
    secondaryGenre: '',
    releaseDate: '',
    isExplicit: false,
    clipStartTime: 0,
    copyright: { year: Number(today.slice(0, 4)), owner: '' },
    recordLabel: 'no',
    recordLabelName: '',
    songwriter: 'self',
    songwriters: [''],
    lyrics: '',
    allPlatforms: true,
    platforms: { spotify: true, appleMusic: true, youtubeMusic: true, amazonMusic: false, tidal: false, deezer: false },
    promotionPackage: 'none',
    agreements: { terms: false, youtubeAck: false, promoAck: false, rightsAck: false, nameAck: false, distributionAck: false },
  };
}

/** The album's track list at `count` entries: what was typed stays, new entries are empty. */
export function resizeTracks(tracks: TrackForm[], count: number): TrackForm[] {
  const n = Math.max(0, Math.min(MAX_TRACKS, Math.trunc(count)));
  if (tracks.length >= n) return tracks.slice(0, n);
  return [...tracks, ...Array.from({ length: n - tracks.length }, () => ({ ...emptyTrack }))];
}

function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
}

function checkText(errors: FormErrors, path: string, value: string, required?: string, max = MAX_TEXT) {
  const text = value.trim();
  if (!text) {
    if (required) errors[path] = required;
  } else if (text.length > max) {
    errors[path] = max === MAX_LYRICS ? TEXTS.lyricsTooLong : TEXTS.tooLong;
  }
}

/** Which step a server path belongs to (its first segment decides; unknown paths go to step 5). */
export function stepOf(path: string): Step {
  const track = /^tracks\[\d+\]\.(\w+)/.exec(path);
  if (track) {
    if (track[1] === 'audioFile') return 3;
    if (track[1] === 'title' || track[1] === 'featuredArtist' || track[1] === 'songwriter') return 2;
    return 4;
  }
  const head = path.split(/[.[]/)[0];
  switch (head) {
    case 'hasDistributed':
    case 'existingProfiles':
    case 'artistName':
    case 'confirmOwnership':
      return 1;
    case 'isCover':
    case 'releaseType':
    case 'title':
    case 'numberOfTracks':
    case 'tracks':
      return 2;
    case 'coverArt':
    case 'audioFile':
      return 3;
    case 'genre':
    case 'secondaryGenre':
    case 'releaseDate':
    case 'isExplicit':
    case 'clipStartTime':
    case 'copyright':
    case 'recordLabel':
    case 'recordLabelName':
    case 'songwriter':
    case 'songwriters':
    case 'lyrics':
      return 4;
    default:
      return 5;
  }
}

/** The §5 rules of one step; an empty answer means the step may go forward. */
export function validateStep(form: WizardForm, step: Step, today: string = lagosToday()): FormErrors {
  const errors: FormErrors = {};
  const album = form.releaseType === 'album';
  switch (step) {
    case 1:
      if (form.hasDistributed === 'yes') {
        const urls = [['spotify', TEXTS.spotify], ['appleMusic', TEXTS.appleMusic], ['youtubeMusic', TEXTS.youtubeMusic]] as const;
        for (const [field, required] of urls) {
          const path = `existingProfiles.${field}`;
          const url = form.existingProfiles[field].trim();
          if (!url) errors[path] = required;
          else if (url.length > MAX_TEXT) errors[path] = TEXTS.tooLong;
          else if (!isHttpsUrl(url)) errors[path] = TEXTS.badUrl;
        }
      } else if (form.hasDistributed === 'no') {
        checkText(errors, 'artistName', form.artistName, TEXTS.artistName);
        if (!form.confirmOwnership) errors.confirmOwnership = TEXTS.confirmOwnership;
      } else {
        errors.hasDistributed = TEXTS.selectOption;
      }
      break;
    case 2:
      if (form.isCover) errors.isCover = TEXTS.cover;
      checkText(errors, 'title', form.title, TEXTS.title);
      if (album) {
        if (form.numberOfTracks < MIN_TRACKS || form.numberOfTracks > MAX_TRACKS) errors.numberOfTracks = TEXTS.trackCount;
        form.tracks.forEach((t, i) => {
          checkText(errors, `tracks[${i}].title`, t.title, TEXTS.trackTitle);
          checkText(errors, `tracks[${i}].featuredArtist`, t.featuredArtist);
        });
      }
      break;
    case 3:
      if (!form.coverArt) errors.coverArt = TEXTS.coverArt;
      if (album) {
        form.tracks.forEach((t, i) => {
          if (!t.audioFile) errors[`tracks[${i}].audioFile`] = TEXTS.audioFile;
        });
      } else if (!form.audioFile) {
        errors.audioFile = TEXTS.audioFile;
      }
      break;
    case 4: {
      if (!form.genre) errors.genre = TEXTS.genre;
      else if (!(GENRES as readonly string[]).includes(form.genre)) errors.genre = TEXTS.genreList;
      if (form.secondaryGenre && !(GENRES as readonly string[]).includes(form.secondaryGenre)) errors.secondaryGenre = TEXTS.genreList;
      if (!form.releaseDate) errors.releaseDate = TEXTS.releaseDate;
      else if (form.releaseDate < today) errors.releaseDate = TEXTS.releaseDatePast;
      const years = copyrightYears(today);
      if (!years.includes(form.copyright.year)) errors['copyright.year'] = TEXTS.copyrightYear(years[0], years[years.length - 1]);
      checkText(errors, 'copyright.owner', form.copyright.owner, TEXTS.copyrightOwner);
      if (form.recordLabel === 'yes') checkText(errors, 'recordLabelName', form.recordLabelName);
      if (form.songwriter === 'self') {
        form.songwriters.forEach((name, i) => checkText(errors, `songwriters[${i}]`, name, TEXTS.songwriters));
      }
      checkText(errors, 'lyrics', form.lyrics, album ? undefined : TEXTS.lyrics, MAX_LYRICS);
      break;
    }
    case 5:
      if (!form.allPlatforms && !PLATFORMS.some(({ field }) => form.platforms[field])) errors.platforms = TEXTS.platforms;
      for (const { field } of AGREEMENTS) {
        if (!form.agreements[field]) errors[`agreements.${field}`] = TEXTS.agree;
      }
      break;
  }
  return errors;
}

/** The first step whose rules fail (where a restored draft resumes), or the last one. */
export function firstOpenStep(form: WizardForm, today: string = lagosToday()): Step {
  for (const step of [1, 2, 3, 4] as const) {
    if (Object.keys(validateStep(form, step, today)).length > 0) return step;
  }
  return LAST_STEP;
}

/**
 * A 400's field errors on the wizard: each message under its path (the first one wins) and the
 * earliest step holding one, where the wizard goes so the artist sees it.
 */
export function mapServerErrors(fieldErrors: ReadonlyArray<{ field: string; msg: string }>): { errors: FormErrors; step: Step | null } {
  const errors: FormErrors = {};
  let step: Step | null = null;
  for (const { field, msg } of fieldErrors) {
    errors[field] ??= msg;
    const s = stepOf(field);
    if (step === null || s < step) step = s;
  }
  return { errors, step };
}

/** The errors of `errors` that belong to `step`. */
export function errorsOfStep(errors: FormErrors, step: Step): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => stepOf(path) === step));
}

const trimmed = (s: string) => s.trim();

/** The request body: text trimmed, an album's tracks only for an album, values typed as the API wants. */
export function toBody(form: WizardForm): ReleaseBody {
  const album = form.releaseType === 'album';
  return {
    ...(form.hasDistributed && { hasDistributed: form.hasDistributed }),
    artistName: trimmed(form.artistName),
    confirmOwnership: form.confirmOwnership,
    existingProfiles: {
      spotify: trimmed(form.existingProfiles.spotify),
      appleMusic: trimmed(form.existingProfiles.appleMusic),
      youtubeMusic: trimmed(form.existingProfiles.youtubeMusic),
    },
    isCover: form.isCover,
    releaseType: form.releaseType,
    title: trimmed(form.title),
    ...(album && {
      numberOfTracks: form.numberOfTracks,
      tracks: form.tracks.map((t) => ({
        title: trimmed(t.title),
        songwriter: trimmed(t.songwriter),
        featuredArtist: trimmed(t.featuredArtist),
        lyrics: t.lyrics,
        clipStartTime: t.clipStartTime,
        genre: t.genre,
        audioFile: t.audioFile,
      })),
    }),
    coverArt: form.coverArt,
    ...(!album && { audioFile: form.audioFile }),
    genre: form.genre,
    secondaryGenre: form.secondaryGenre,
    ...(form.releaseDate && { releaseDate: form.releaseDate }),
    isExplicit: form.isExplicit,
    clipStartTime: form.clipStartTime,
    copyright: { year: form.copyright.year, owner: trimmed(form.copyright.owner) },
    recordLabel: form.recordLabel,
    recordLabelName: form.recordLabel === 'yes' ? trimmed(form.recordLabelName) : '',
    songwriter: form.songwriter,
    songwriters: form.songwriter === 'self' ? form.songwriters.map(trimmed) : [],
    lyrics: form.lyrics,
    allPlatforms: form.allPlatforms,
    platforms: { ...form.platforms },
    promotionPackage: form.promotionPackage,
    agreements: { ...form.agreements },
  };
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

/** A stored draft's form back into the wizard (missing values take the defaults). */
export function fromStored(stored: StoredForm, today: string = lagosToday()): WizardForm {
  const base = emptyForm(today);
  const releaseType = oneOf(stored.releaseType, ['single', 'album'] as const, 'single');
  const storedTracks = (stored.tracks ?? []).map((t) => ({ ...emptyTrack, ...t }));
  const numberOfTracks = releaseType === 'album' && stored.numberOfTracks >= MIN_TRACKS ? Math.min(stored.numberOfTracks, MAX_TRACKS) : DEFAULT_TRACKS;
  const years = copyrightYears(today);
  return {
    ...base,
    hasDistributed: oneOf(stored.hasDistributed, ['yes', 'no'] as const, ''),
    artistName: stored.artistName ?? '',
    confirmOwnership: Boolean(stored.confirmOwnership),
    existingProfiles: { ...base.existingProfiles, ...stored.existingProfiles },
    isCover: Boolean(stored.isCover),
    releaseType,
    title: stored.title ?? '',
    numberOfTracks,
    tracks: resizeTracks(storedTracks, numberOfTracks),
    coverArt: stored.coverArt ?? '',
    audioFile: stored.audioFile ?? '',
    genre: stored.genre ?? '',
    secondaryGenre: stored.secondaryGenre ?? '',
    releaseDate: stored.releaseDate ?? '',
    isExplicit: Boolean(stored.isExplicit),
    clipStartTime: stored.clipStartTime ?? 0,
    copyright: {
      year: years.includes(stored.copyright?.year ?? 0) ? (stored.copyright?.year as number) : base.copyright.year,
      owner: stored.copyright?.owner ?? '',
    },
    recordLabel: oneOf(stored.recordLabel, ['no', 'yes'] as const, 'no'),
    recordLabelName: stored.recordLabelName ?? '',
    songwriter: oneOf(stored.songwriter, ['self', 'other'] as const, 'self'),
    songwriters: stored.songwriters && stored.songwriters.length > 0 ? [...stored.songwriters] : [''],
    lyrics: stored.lyrics ?? '',
    allPlatforms: stored.allPlatforms,
    platforms: { ...base.platforms, ...stored.platforms },
    promotionPackage: oneOf(stored.promotionPackage, ['none', 'basic', 'standard', 'premium'] as const, 'none'),
    agreements: { ...base.agreements, ...stored.agreements },
  };
}
