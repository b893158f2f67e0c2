import { describe, expect, it } from 'vitest';
import { MASS_FORMS, missingFields } from './mass-form';
import { REQUEST_TEXTS, URL_TEXT, checkRequest, emptyRequest, togglePlatform } from './request-form';
import { badgeTone, pageState } from './statuses';

const NOT_URLS = ['not a url', 'www.example.com/song', 'javascript:alert(1)', 'ftp://files.example/song.mp3', 'https://', 'https://exa mple.com/x', `https://example.com/${'a'.repeat(2048)}`];

describe('the /req checks (spec part 2 §5)', () => {
  it('gives every checked field its message, and none once filled (platforms are not enforced)', () => {
    expect(checkRequest(emptyRequest)).toEqual(REQUEST_TEXTS);
    const filled = { ...emptyRequest, promotionType: 'tv' as const, contentLink: 'https://x.test/song', contactName: 'Ada', contactEmail: 'a@b.c', contactPhone: '1', agreeTerms: true };
    expect(checkRequest(filled)).toEqual({});
    expect(checkRequest({ ...filled, contactName: '   ' })).toEqual({ contactName: 'Name is required' });
  });

  it('refuses a content link that is no web link, as the server does', () => {
    const filled = { ...emptyRequest, promotionType: 'radio' as const, contentLink: '', contactName: 'Ada', contactEmail: 'a@b.c', contactPhone: '1', agreeTerms: true };
    for (const bad of NOT_URLS) expect(checkRequest({ ...filled, contentLink: bad })).toEqual({ contentLink: URL_TEXT });
    expect(URL_TEXT).toBe('Please enter a valid URL');
    expect(checkRequest({ ...filled, contentLink: ' http://example.com/my-song ' })).toEqual({});
  });

  it('toggles a platform on and off', () => {
    expect(togglePlatform(['A'], 'B')).toEqual(['A', 'B']);
    expect(togglePlatform(['A', 'B'], 'A')).toEqual(['B']);
  });
});

describe('the mass promotion forms (spec part 2 §3)', () => {
  const names = (category: string) => MASS_FORMS[category].map((f) => f.name);

  it('asks each category for its fields', () => {
    expect(names('print')).toEqual(['title', 'body', 'image', 'description']);
    expect(names('national')).toEqual(['title', 'body', 'image', 'description']);
    expect(names('international')).toEqual(['title', 'body', 'image', 'description']);
    expect(names('tv')).toEqual(['title', 'biography', 'hd_video']);
    for (const c of ['radio', 'chart', 'playlist']) expect(names(c)).toEqual(['song_link']);
    expect(names('digital')).toEqual(['artist_name', 'biography', 'artist_photo']);
    expect(names('youtube')).toEqual(['video_link', 'title', 'description']);
    expect(names('tiktok')).toEqual(['video_link', 'title', 'description', 'hashtags', 'music']);
  });

  it('names each missing required field, files included, and skips the optional description', () => {
    expect(missingFields(MASS_FORMS.print, { title: 'T', body: ' ' }, {})).toEqual({ body: 'Body is required', image: 'Image is required' });
    const image = new File(['x'], 'a.png', { type: 'image/png' });
    expect(missingFields(MASS_FORMS.print, { title: 'T', body: 'B' }, { image })).toEqual({});
  });

  it('refuses a song or video link that is no web link before paying (issue 22: "not a url" cost ₦80,000)', () => {
    for (const bad of NOT_URLS) {
      expect(missingFields(MASS_FORMS.radio, { song_link: bad }, {})).toEqual({ song_link: 'Please enter a valid URL' });
      expect(missingFields(MASS_FORMS.youtube, { video_link: bad, title: 'T', description: 'D' }, {})).toEqual({ video_link: 'Please enter a valid URL' });
    }
    expect(missingFields(MASS_FORMS.radio, { song_link: ' https://open.spotify.com/track/abc ' }, {})).toEqual({});
  });
});

describe('My Promotions badges and pages (spec part 2 §4, §9)', () => {
  it.each([
    ['active', 'green'], ['completed', 'green'], ['success', 'green'], ['pending', 'amber'],
    ['expired', 'red'], ['failed', 'red'], ['rejected', 'red'], ['archived', 'grey'],
  ])('%s is %s', (status, tone) => expect(badgeTone(status)).toBe(tone));

  it('disables Previous at offset 0 and Next once offset + limit reaches the total', () => {
    expect(pageState(0, 10, 23)).toEqual({ from: 1, to: 10, hasPrevious: false, hasNext: true });
    expect(pageState(20, 10, 23)).toEqual({ from: 21, to: 23, hasPrevious: true, hasNext: false });
    expect(pageState(10, 10, 20)).toEqual({ from: 11, to: 20, hasPrevious: true, hasNext: false });
    expect(pageState(0, 10, 0)).toEqual({ from: 0, to: 0, hasPrevious: false, hasNext: false });
  });
});
