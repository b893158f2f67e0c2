import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headersOf, mockApi, type RecordedCall, type ReplyTo } from '@/testing/mock-api';
import { TEST_TERMS, termsRoute } from '@/testing/terms';
import { renderRoutes } from '@/testing/render';
import { emptyForm, lagosToday, resizeTracks, toBody, type Release, type WizardForm } from '../api/release-form';
import { DistributionPage } from './distribution-page';
import { MyReleasesPage } from './my-releases-page';

const routes = [
  { path: '/distribution', element: <DistributionPage /> },
  { path: '/distribution/releases', element: <MyReleasesPage /> },
];
const pagination = { total: 0, totalPages: 1, currentPage: 1, hasNext: false, hasPrev: false, next: null };
const today = lagosToday();

/** An album draft that passes every step, as the server stores it. */
function completeAlbum(): WizardForm {
  return {
    ...emptyForm(today),
    hasDistributed: 'no',
    artistName: 'Ada Lagos',
    confirmOwnership: true,
    releaseType: 'album',
    title: 'Eko Nights',
    tracks: resizeTracks([], 2).map((t, i) => ({ ...t, title: `Song ${i + 1}`, audioFile: `media/r/track-${i}.wav` })),
    coverArt: 'media/r/cover.png',
    genre: 'pop',
    releaseDate: today,
    copyright: { year: Number(today.slice(0, 4)), owner: 'Ada Lagos' },
    songwriters: ['Ada Obi'],
    promotionPackage: 'basic',
    agreements: { terms: true, youtubeAck: true, promoAck: true, rightsAck: true, nameAck: true, distributionAck: true },
  };
}

function release(form: WizardForm, patch: Partial<Release> = {}): Release {
  return {
    id: 'rel-1',
    status: 'draft',
    reason: '',
    title: form.title,
    release_type: form.releaseType,
    owner_id: 'u-1',
    username: 'adabeats',
    package: form.promotionPackage,
    price: 20000,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    submitted_at: null,
    form: { ...toBody(form), audioFile: '', numberOfTracks: form.numberOfTracks, isCover: false } as Release['form'],
    files: { coverArt: '', audioFile: '', tracks: [] },
    ...patch,
  };
}

const list = (releases: Release[]) => ({ status: 200, body: { releases, pagination: { ...pagination, total: releases.length } } });
const bodyOf = (call: RecordedCall) => JSON.parse(String(call.init.body));

/** XMLHttpRequest stand-in for the bucket: every upload reports half, then succeeds. */
class Bucket {
  static sent: string[] = [];
  /** An upload ends when the test opens this gate, so its "Uploading" state can be seen however slow the machine. */
  static gate: Promise<void> = Promise.resolve();
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  status = 0;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open() {}
  send(body: FormData) {
    Bucket.sent.push(String((body.get('file') as File).name));
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
    void Bucket.gate.then(() => {
      this.status = 204;
      this.onload?.();
    });
  }
}

function ticket(call: RecordedCall): ReplyTo<'POST /uploads'> {
  const { kind, filename, content_type } = bodyOf(call);
  const key = `uploads/u-1/${kind}/${filename}`;
  return {
    status: 201,
    body: { key, url: 'https://media.example.test/zuum-media', method: 'POST' as const, fields: { key, 'Content-Type': content_type }, max_size: 52428799, expires_at: '2030-01-01T00:00:00Z' },
  };
}

function sized(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/distribution wizard', () => {
  it('goes forward only when the step validates, and saves a draft as the artist moves on', { timeout: 15_000 }, async () => {
    const { calls } = mockApi({ ...termsRoute(),
      'GET /distribution/releases': list([]),
      'POST /distribution/releases': (call) => ({ status: 201, body: { release: release({ ...emptyForm(today), ...bodyOf(call) }) } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/distribution');
    expect(await screen.findByRole('heading', { name: 'Artist Profile' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please select an option')).toBeInTheDocument();
    await user.click(screen.getByLabelText('No, this is my first release'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Artist name is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm you own this artist name')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    await user.type(screen.getByLabelText('Artist name'), 'Ada Lagos');
    await user.click(screen.getByLabelText(/I own this artist name/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Release Information' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'POST')!)).toMatchObject({ draft: true, hasDistributed: 'no', artistName: 'Ada Lagos', confirmOwnership: true });
  });

  it('resizes the album tracks with numberOfTracks keeping what was typed, and saves the draft on Back', { timeout: 15_000 }, async () => {
    const draft = { ...completeAlbum(), releaseType: 'single' as const, title: '' };
    const { calls } = mockApi({ ...termsRoute(),
      'GET /distribution/releases': list([release(draft)]),
      'PUT /distribution/releases/rel-1': (call) => ({ status: 200, body: { release: release({ ...emptyForm(today), ...bodyOf(call) }) } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/distribution');
    expect(await screen.findByRole('heading', { name: 'Release Information' })).toBeInTheDocument();

    await user.click(screen.getByLabelText('Album'));
    expect(screen.getByLabelText('Number of tracks')).toHaveValue('2');
    await user.type(screen.getByLabelText('Track 1 title'), 'Song One');
    await user.selectOptions(screen.getByLabelText('Number of tracks'), '4');
    expect(screen.getByLabelText('Track 4 title')).toHaveValue('');
    await user.selectOptions(screen.getByLabelText('Number of tracks'), '2');
    expect(screen.queryByLabelText('Track 3 title')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Track 1 title')).toHaveValue('Song One');
    expect(screen.getByLabelText('Track 2 title')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Track title is required')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Artist Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Artist name')).toHaveValue('Ada Lagos');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'PUT')!)).toMatchObject({ releaseType: 'album', numberOfTracks: 2, tracks: [{ title: 'Song One' }, { title: '' }] });
  });

  it('restores the newest draft where it stopped, uploads each track with its own progress and refuses what the rules refuse', { timeout: 15_000 }, async () => {
    const draft = completeAlbum();
    draft.coverArt = '';
    draft.tracks = draft.tracks.map((t) => ({ ...t, audioFile: '' }));
    mockApi({ ...termsRoute(), 'GET /distribution/releases': list([release(draft)]), 'POST /uploads': ticket });
    Bucket.sent = [];
    let open = () => {};
    Bucket.gate = new Promise((resolve) => (open = resolve));
    vi.stubGlobal('XMLHttpRequest', Bucket);
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes(routes, '/distribution');
    expect(await screen.findByRole('heading', { name: 'Upload Files' })).toBeInTheDocument();
    expect(screen.getByText('Your draft "Eko Nights" was restored.')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Cover art'), sized('cover.png', 'image/png', 5 * 1024 * 1024));
    expect(screen.getByText('Image exceeds 5MB limit')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Cover art'), sized('cover.gif', 'image/gif', 100));
    expect(screen.getByText('Please upload JPG or PNG')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Track 1 audio (Song 1)'), sized('big.wav', 'audio/wav', 21 * 1024 * 1024));
    expect(screen.getByText('Audio file exceeds 20MB limit')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Track 2 audio (Song 2)'), sized('two.flac', '', 1000));
    expect(await screen.findByText('Uploading two.flac')).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    open();
    expect(await screen.findByText('Uploaded: two.flac')).toBeInTheDocument();
    expect(Bucket.sent).toEqual(['two.flac']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Cover art is required')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upload Files' })).toBeInTheDocument();
  });

  it('shows Submitting... while the submission is on its way', async () => {
    mockApi({ ...termsRoute(),
      'GET /distribution/releases': list([release(completeAlbum())]),
      'PUT /distribution/releases/rel-1': { status: 200, body: { release: release(completeAlbum()) } },
      'POST /distribution/releases/rel-1/submit': 'pending',
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/distribution');
    await user.click(await screen.findByRole('button', { name: 'Submit Release' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
  });

  it('submits the saved draft, shows Submission Successful! and Submit Another Release starts over', async () => {
    const draft = completeAlbum();
    const { calls } = mockApi({ ...termsRoute(),
      'GET /distribution/releases': list([release(draft)]),
      'PUT /distribution/releases/rel-1': { status: 200, body: { release: release(draft) } },
      'POST /distribution/releases/rel-1/submit': { status: 200, body: { release: release(draft, { status: 'submitted', submitted_at: '2026-11-23T10:00:00Z' }) } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/distribution');
    expect(await screen.findByRole('heading', { name: 'Distribution & Agreements' })).toBeInTheDocument();
    expect(screen.getByText('Your release goes to 150+ platforms and stores worldwide.')).toBeInTheDocument();
    expect(await screen.findByLabelText(/Basic · ₦20,000.00/)).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Submit Release' }));
    expect(await screen.findByRole('heading', { name: 'Submission Successful!' })).toBeInTheDocument();
    expect(screen.getByText(/Your promotion package \(₦20,000.00\) was paid from your wallet/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /distribution/releases/rel-1', 'POST /distribution/releases/rel-1/submit']);

    await user.click(screen.getByRole('button', { name: 'Submit Another Release' }));
    expect(screen.getByRole('heading', { name: 'Artist Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('No, this is my first release')).not.toBeChecked();
  });

  it('offers the packages at the prices the terms serve', async () => {
    const draft = completeAlbum();
    const dearer = TEST_TERMS.release_packages.map((p) => (p.id === 'basic' ? { ...p, price: 25000.5 } : p));
    mockApi({ ...termsRoute({ ...TEST_TERMS, release_packages: dearer }), 'GET /distribution/releases': list([release(draft)]) });
    renderRoutes(routes, '/distribution');
    expect(await screen.findByLabelText(/Basic · ₦25,000.50/)).toBeChecked();
    expect(screen.getByLabelText(/Premium · ₦100,000.00/)).not.toBeChecked();
  });

  it('puts the server field errors on their fields and goes to the earliest step holding one', async () => {
    const draft = completeAlbum();
    const { calls } = mockApi({ ...termsRoute(),
      'GET /distribution/releases': list([release(draft)]),
      'PUT /distribution/releases/rel-1': { status: 200, body: { release: release(draft) } },
      'POST /distribution/releases/rel-1/submit': {
        status: 400,
        body: {
          message: 'Validation errors occurred',
          errors: [
            { field: 'agreements.rightsAck', msg: 'You must agree to continue' },
            { field: 'tracks[1].title', msg: 'Track title is required' },
            { field: 'coverArt', msg: 'Cover art must be at least 3000x3000' },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/distribution');
    await user.click(await screen.findByRole('button', { name: 'Submit Release' }));
    expect(await screen.findByRole('heading', { name: 'Release Information' })).toBeInTheDocument();
    const track2 = screen.getByLabelText('Track 2 title');
    expect(track2).toHaveAccessibleDescription('Track title is required');
    expect(screen.getByLabelText('Track 1 title')).not.toHaveAccessibleDescription();
    const submit = calls.find((c) => c.path === '/distribution/releases/rel-1/submit')!;
    expect(headersOf(submit)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Cover art must be at least 3000x3000')).toBeInTheDocument();
  });

  it('shows insufficient funds clearly on the package, and a failed submit in the spec text', async () => {
    const draft = completeAlbum();
    let status = 406;
    mockApi({ ...termsRoute(),
      'GET /distribution/releases': list([release(draft)]),
      'PUT /distribution/releases/rel-1': { status: 200, body: { release: release(draft) } },
      'POST /distribution/releases/rel-1/submit': () => ({ status, body: { message: status === 406 ? 'Insufficient funds' : 'boom' } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/distribution');
    await user.click(await screen.findByRole('button', { name: 'Submit Release' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Insufficient funds: your wallet does not cover the Basic package (₦20,000.00).');
    expect(within(alert).getByRole('link', { name: 'Go to wallet' })).toHaveAttribute('href', '/dashboard');
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Submit Release' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to submit. Please try again.'));
  });

  it('says why a draft was not saved and keeps the message on its field', async () => {
    const draft = { ...completeAlbum(), title: '' };
    mockApi({ ...termsRoute(),
      'GET /distribution/releases': list([release(draft)]),
      'PUT /distribution/releases/rel-1': { status: 400, body: { message: 'Validation errors occurred', errors: [{ field: 'coverArt', msg: 'Cover art must be at least 3000x3000' }] } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/distribution');
    expect(await screen.findByRole('heading', { name: 'Release Information' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Release title'), 'Eko Nights');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Draft not saved: Cover art must be at least 3000x3000 (step 3)')).toBeInTheDocument();
    expect(screen.getByLabelText('Cover art')).toHaveAccessibleDescription(/Cover art must be at least 3000x3000/);
  });

  it('shows the songwriter notice instead of the list when someone else wrote the songs', async () => {
    const draft = completeAlbum();
    draft.genre = '';
    mockApi({ ...termsRoute(), 'GET /distribution/releases': list([release(draft)]) });
    const user = userEvent.setup();
    renderRoutes(routes, '/distribution');
    expect(await screen.findByRole('heading', { name: 'Metadata & Rights' })).toBeInTheDocument();
    expect(screen.getByLabelText('Songwriter 1')).toHaveValue('Ada Obi');
    await user.click(screen.getByLabelText('Someone else wrote them'));
    expect(screen.getByTestId('songwriter-notice')).toBeInTheDocument();
    expect(screen.queryByLabelText('Songwriter 1')).not.toBeInTheDocument();
  });
});

describe('/distribution/releases', () => {
  it('lists each release with its status and a rejected one with its reason', async () => {
    const form = completeAlbum();
    mockApi({ ...termsRoute(),
      'GET /distribution/releases': list([
        release(form, { id: 'a', title: 'Approved One', status: 'approved', submitted_at: '2026-11-21T10:00:00Z' }),
        release(form, { id: 'b', title: 'Turned Down', status: 'rejected', reason: 'Cover art has a website on it', submitted_at: '2026-11-21T10:00:00Z' }),
      ]),
    });
    renderRoutes(routes, '/distribution/releases');
    const items = await screen.findAllByTestId('release');
    expect(items[0]).toHaveTextContent('Approved One');
    expect(items[0]).toHaveTextContent('Approved');
    expect(items[1]).toHaveTextContent('Rejected');
    expect(items[1]).toHaveTextContent('Reason: Cover art has a website on it');
    expect(items[1]).toHaveTextContent('The ₦20,000.00 promotion package was refunded to your wallet.');
    expect(items[0]).not.toHaveTextContent('refunded');
  });
});
