import { describe, expect, it } from 'vitest';
import { blurredCover, chooseCover } from './cover-choice';

const BOX = { width: 280, sizes: 'min(68vw, 280px)' };
const PLACEHOLDER = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
const renditions = [
  { width: 480, url: 'https://media.example/c/480.jpg' },
  { width: 160, url: 'https://media.example/c/160.jpg' },
  { width: 960, url: 'https://media.example/c/960.jpg' },
];
const post = {
  cover_photo: 'https://media.example/c/original.png',
  cover_width: 1200,
  cover_height: 800,
  cover_placeholder: PLACEHOLDER,
  cover_renditions: renditions,
};

describe('chooseCover', () => {
  it('offers every rendition by width with the box\'s sizes; src is the smallest as wide as the box', () => {
    expect(chooseCover(post, BOX, false)).toEqual({
      src: 'https://media.example/c/480.jpg',
      srcSet: 'https://media.example/c/160.jpg 160w, https://media.example/c/480.jpg 480w, https://media.example/c/960.jpg 960w',
      sizes: 'min(68vw, 280px)',
      width: 1200,
      height: 800,
      placeholder: PLACEHOLDER,
    });
  });

  it('falls back to the largest rendition when none is as wide as the box', () => {
    expect(chooseCover(post, { width: 1400, sizes: '100vw' }, false)?.src).toBe('https://media.example/c/960.jpg');
  });

  it('with data saver gives the smallest rendition alone, without srcset', () => {
    const choice = chooseCover(post, BOX, true);
    expect(choice).toEqual({ src: 'https://media.example/c/160.jpg', width: 1200, height: 800, placeholder: PLACEHOLDER });
    expect(choice).not.toHaveProperty('srcSet');
  });

  it('uses cover_photo as it is for a post without renditions, sized as the box when its size is unknown', () => {
    const old = { cover_photo: 'https://media.example/c/original.png', cover_placeholder: '', cover_renditions: [] };
    expect(chooseCover(old, BOX, false)).toEqual({ src: 'https://media.example/c/original.png', width: 280, height: 280, placeholder: '' });
    expect(chooseCover({ cover_photo: 'https://media.example/c/original.png' }, BOX, true)?.src).toBe('https://media.example/c/original.png');
  });

  it('answers null for a post without a cover, and ignores a placeholder that is not an image data URI', () => {
    expect(chooseCover({ cover_photo: '', cover_renditions: [] }, BOX, false)).toBeNull();
    expect(chooseCover({ ...post, cover_placeholder: 'https://tracker.example/p.gif' }, BOX, false)?.placeholder).toBe('');
  });

  it('resolves relative rendition paths against the API origin', () => {
    const choice = chooseCover({ cover_renditions: [{ width: 160, url: '/media/c/160.jpg' }] }, BOX, true);
    expect(choice?.src).toMatch(/^https?:\/\/[^/]+\/media\/c\/160\.jpg$/);
  });
});

describe('blurredCover', () => {
  it('prefers the placeholder, then the smallest rendition, then cover_photo; fetches nothing when told not to', () => {
    expect(blurredCover(post)).toBe(PLACEHOLDER);
    expect(blurredCover(post, false)).toBe(PLACEHOLDER);
    expect(blurredCover({ ...post, cover_placeholder: '' })).toBe('https://media.example/c/160.jpg');
    expect(blurredCover({ cover_photo: 'https://media.example/c/original.png' })).toBe('https://media.example/c/original.png');
    expect(blurredCover({ cover_photo: 'https://media.example/c/original.png' }, false)).toBe('');
  });
});
