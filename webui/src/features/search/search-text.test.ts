import { describe, expect, it } from 'vitest';
import { foldSearch, isSearchable, searchWords, tidySearch } from './search-text';

describe('search text, read as the server reads it', () => {
  it('folds case and diacritics', () => {
    expect(foldSearch('Ọlá')).toBe('ola');
    expect(foldSearch('ỌLÁ')).toBe('ola');
    expect(foldSearch('Ṣẹ̀gún')).toBe('segun');
  });

  it.each([
    ['ada', true],
    ['  Ọlá ', true],
    ['a b cd', false],
    ['ad', false],
    ['ọl', false],
    ['', false],
    ['!!!', false],
    ['dj 007', true],
    ["tems' ep", true],
  ])('%j is searchable: %s', (text, expected) => {
    expect(isSearchable(text)).toBe(expected);
  });

  it('splits words on anything but letters and digits', () => {
    expect(searchWords("Temilade's new-one")).toEqual(['temilade', 's', 'new', 'one']);
  });

  it('tidies blanks', () => {
    expect(tidySearch('  tems \t new  ')).toBe('tems new');
  });
});
