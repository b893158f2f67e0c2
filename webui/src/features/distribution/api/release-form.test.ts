import { describe, expect, it } from 'vitest';
import {
  emptyForm,
  firstOpenStep,
  fromStored,
  lagosToday,
  mapServerErrors,
  resizeTracks,
  stepOf,
  TEXTS,
  toBody,
  validateStep,
  type StoredForm,
  type WizardForm,
} from './release-form';

const TODAY = '2026-11-23';

/** A single that passes every step. */
function single(): WizardForm {
  return {
    ...emptyForm(TODAY),
    hasDistributed: 'no',
    artistName: 'Ada Lagos',
    confirmOwnership: true,
    title: 'Eko Nights',
    coverArt: 'uploads/u/cover_art/c.png',
    audioFile: 'uploads/u/release_audio/a.wav',
    genre: 'pop',
    releaseDate: TODAY,
    copyright: { year: 2026, owner: 'Ada Lagos' },
    songwriters: ['Ada Obi'],
    lyrics: 'la la',
    agreements: { terms: true, youtubeAck: true, promoAck: true, rightsAck: true, nameAck: true, distributionAck: true },
  };
}

function album(): WizardForm {
  const f = single();
  return {
    ...f,
    releaseType: 'album',
    lyrics: '',
    audioFile: '',
    tracks: resizeTracks([], 2).map((t, i) => ({ ...t, title: `Song ${i + 1}`, audioFile: `uploads/u/release_audio/${i}.mp3` })),
  };
}

describe('validateStep', () => {
  it('passes every step of a complete single and of a complete album', () => {
    for (const form of [single(), album()]) {
      for (const step of [1, 2, 3, 4, 5] as const) expect(validateStep(form, step, TODAY)).toEqual({});
    }
  });

  it('step 1: asks to pick an option first', () => {
    expect(validateStep(emptyForm(TODAY), 1, TODAY)).toEqual({ hasDistributed: TEXTS.selectOption });
  });

  it('step 1: an existing artist needs the three profile URLs, each with its own text', () => {
    const form = { ...single(), hasDistributed: 'yes' as const };
    expect(validateStep(form, 1, TODAY)).toEqual({
      'existingProfiles.spotify': 'Spotify URL is required',
      'existingProfiles.appleMusic': 'Apple Music URL is required',
      'existingProfiles.youtubeMusic': 'YouTube Music URL is required',
    });
    const links = { spotify: 'https://open.spotify.com/artist/1', appleMusic: 'music.apple.com/ng/artist/1', youtubeMusic: ' https://music.youtube.com/channel/x ' };
    expect(validateStep({ ...form, existingProfiles: links }, 1, TODAY)).toEqual({ 'existingProfiles.appleMusic': TEXTS.badUrl });
  });

  it('step 1: a new artist needs a non-blank name and to confirm owning it', () => {
    const form = { ...single(), artistName: '   ', confirmOwnership: false };
    expect(validateStep(form, 1, TODAY)).toEqual({ artistName: 'Artist name is required', confirmOwnership: TEXTS.confirmOwnership });
  });

  it('step 2: title, every album track title, and no cover songs', () => {
    const form = album();
    form.title = ' ';
    form.tracks[1] = { ...form.tracks[1], title: '' };
    form.isCover = true;
    expect(validateStep(form, 2, TODAY)).toEqual({
      title: 'Title is required',
      'tracks[1].title': 'Track title is required',
      isCover: 'Distribution of cover songs is not supported',
    });
  });

  it('step 2: a single does not look at the album tracks it no longer shows', () => {
    const form = { ...album(), releaseType: 'single' as const, tracks: resizeTracks([], 3) };
    expect(validateStep(form, 2, TODAY)).toEqual({});
  });

  it('step 2: names and titles longer than 200 characters are refused', () => {
    expect(validateStep({ ...single(), title: 'x'.repeat(201) }, 2, TODAY)).toEqual({ title: TEXTS.tooLong });
  });

  it('step 3: cover art, a single audio file, and every album track audio', () => {
    expect(validateStep({ ...single(), coverArt: '', audioFile: '' }, 3, TODAY)).toEqual({ coverArt: 'Cover art is required', audioFile: 'Audio file is required' });
    const form = album();
    form.tracks[0] = { ...form.tracks[0], audioFile: '' };
    expect(validateStep(form, 3, TODAY)).toEqual({ 'tracks[0].audioFile': 'Audio file is required' });
  });

  it('step 4: genre, release date, copyright owner, songwriters and a single lyrics', () => {
    const form = { ...single(), genre: '', releaseDate: '', copyright: { year: 2026, owner: ' ' }, songwriters: ['Ada', ' '], lyrics: '' };
    expect(validateStep(form, 4, TODAY)).toEqual({
      genre: 'Primary genre is required',
      releaseDate: 'Release date is required',
      'copyright.owner': 'Copyright owner is required',
      'songwriters[1]': 'All songwriter fields must be filled',
      lyrics: 'Lyrics are required',
    });
  });

  it('step 4: a release date before today in Lagos is refused, today is taken', () => {
    expect(validateStep({ ...single(), releaseDate: '2026-11-22' }, 4, TODAY)).toEqual({ releaseDate: TEXTS.releaseDatePast });
    expect(validateStep({ ...single(), releaseDate: TODAY }, 4, TODAY)).toEqual({});
  });

  it('step 4: copyright year within five of now', () => {
    expect(validateStep({ ...single(), copyright: { year: 2020, owner: 'A' } }, 4, TODAY)).toEqual({ 'copyright.year': 'Copyright year must be between 2021 and 2031' });
    expect(validateStep({ ...single(), copyright: { year: 2031, owner: 'A' } }, 4, TODAY)).toEqual({});
  });

  it('step 4: songwriter "other" needs no list, an album no lyrics', () => {
    expect(validateStep({ ...single(), songwriter: 'other', songwriters: [''] }, 4, TODAY)).toEqual({});
    expect(validateStep({ ...album(), lyrics: '' }, 4, TODAY)).toEqual({});
  });

  it('step 5: a platform unless all, and every agreement', () => {
    const form = { ...single(), allPlatforms: false, platforms: { spotify: false, appleMusic: false, youtubeMusic: false, amazonMusic: false, tidal: false, deezer: false } };
    form.agreements = { ...form.agreements, rightsAck: false, terms: false };
    expect(validateStep(form, 5, TODAY)).toEqual({
      platforms: 'Select at least one platform',
      'agreements.terms': 'You must agree to continue',
      'agreements.rightsAck': 'You must agree to continue',
    });
  });
});

describe('resizeTracks', () => {
  const typed = [
    { title: 'One', songwriter: 'A', featuredArtist: 'B', lyrics: 'l', clipStartTime: 5, genre: 'pop', audioFile: 'k1' },
    { title: 'Two', songwriter: '', featuredArtist: '', lyrics: '', clipStartTime: 0, genre: '', audioFile: 'k2' },
  ];

  it('keeps what was typed when the album grows, adding empty tracks', () => {
    const grown = resizeTracks(typed, 4);
    expect(grown).toHaveLength(4);
    expect(grown.slice(0, 2)).toEqual(typed);
    expect(grown[3]).toMatchObject({ title: '', audioFile: '' });
    expect(grown[2]).not.toBe(grown[3]);
  });

  it('drops only the last tracks when it shrinks, and stops at 15', () => {
    expect(resizeTracks(typed, 1)).toEqual([typed[0]]);
    expect(resizeTracks(typed, 40)).toHaveLength(15);
  });
});

describe('mapServerErrors', () => {
  it('puts each message under its path and goes to the earliest step holding one', () => {
    const mapped = mapServerErrors([
      { field: 'agreements.rightsAck', msg: 'You must agree to continue' },
      { field: 'tracks[1].title', msg: 'Track title is required' },
      { field: 'coverArt', msg: 'Cover art must be at least 3000x3000' },
      { field: 'tracks[1].title', msg: 'second message for the same field' },
    ]);
    expect(mapped).toEqual({
      errors: {
        'agreements.rightsAck': 'You must agree to continue',
        'tracks[1].title': 'Track title is required',
        coverArt: 'Cover art must be at least 3000x3000',
      },
      step: 2,
    });
    expect(mapServerErrors([])).toEqual({ errors: {}, step: null });
  });

  it.each([
    ['existingProfiles.spotify', 1],
    ['confirmOwnership', 1],
    ['numberOfTracks', 2],
    ['tracks', 2],
    ['tracks[3].audioFile', 3],
    ['audioFile', 3],
    ['tracks[0].genre', 4],
    ['copyright.year', 4],
    ['songwriters[0]', 4],
    ['platforms', 5],
    ['promotionPackage', 5],
    ['agreements.terms', 5],
  ])('%s belongs to step %i', (path, step) => {
    expect(stepOf(path)).toBe(step);
  });
});

describe('the body and a restored draft', () => {
  it('sends a single without album tracks, and an album with its tracks and count', () => {
    const body = toBody({ ...single(), title: '  Eko Nights ' });
    expect(body).toMatchObject({ releaseType: 'single', title: 'Eko Nights', audioFile: 'uploads/u/release_audio/a.wav', isExplicit: false, copyright: { year: 2026 } });
    expect(body).not.toHaveProperty('tracks');
    const albumBody = toBody(album());
    expect(albumBody).toMatchObject({ releaseType: 'album', numberOfTracks: 2, tracks: [{ title: 'Song 1' }, { title: 'Song 2' }] });
    expect(albumBody).not.toHaveProperty('audioFile');
  });

  it('restores a stored album draft into the wizard, where it resumes at the first open step', () => {
    const stored = { ...toBody(album()), hasDistributed: 'no', audioFile: '', numberOfTracks: 2, coverArt: '' } as StoredForm;
    const form = fromStored(stored, TODAY);
    expect(form.tracks.map((t) => t.title)).toEqual(['Song 1', 'Song 2']);
    expect(form.releaseType).toBe('album');
    expect(firstOpenStep(form, TODAY)).toBe(3);
  });

  it('reads today in Lagos time (UTC+1)', () => {
    expect(lagosToday(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
    expect(lagosToday(new Date('2026-11-23T22:59:00Z'))).toBe('2026-11-23');
  });
});
