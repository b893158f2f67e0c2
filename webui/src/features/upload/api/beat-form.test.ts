import { describe, expect, it } from 'vitest';
import { sizedFile } from '../testing/fake-bucket';
import { BEAT_TEXTS, checkBeatAudio, emptyBeatForm, validateBeatForm } from './beat-form';

const cover = sizedFile('cover.png', 'image/png', 100);
const audio = sizedFile('beat.mp3', 'audio/mpeg', 1000);
const filled = { ...emptyBeatForm, caption: ' Lagos Drill ', description: 'Hard drums', amount: '999' };

describe('validateBeatForm', () => {
  it('starts from the spec default supply 100, the price left to the terms', () => {
    expect(emptyBeatForm.total_supply).toBe('100');
    expect(emptyBeatForm.amount).toBe('');
    expect(validateBeatForm(filled, { cover, audio })).toEqual({
      ok: true,
      beat: { caption: 'Lagos Drill', description: 'Hard drums', total_supply: 100, amount: 999 },
    });
  });

  it('names every missing field with the spec inline texts and alerts the missing title', () => {
    const result = validateBeatForm({ ...emptyBeatForm, caption: '  ', amount: '999' }, { cover: null, audio: null });
    expect(result).toEqual({
      ok: false,
      alert: 'Please add a title for your beat',
      errors: {
        caption: 'Title is required',
        description: 'Description is required',
        cover_photo: 'Cover photo is required',
        audio_upload: 'Audio file is required',
      },
    });
  });

  it.each([['0'], ['-1'], ['1.5'], ['ten'], ['']])('refuses a supply of %j', (total_supply) => {
    const result = validateBeatForm({ ...filled, total_supply }, { cover, audio });
    expect(result).toMatchObject({ ok: false, errors: { total_supply: BEAT_TEXTS.supplyInvalid } });
  });

  it.each([['0'], ['0.001'], ['12.345'], ['-5'], ['1e3'], ['']])('refuses a price of %j', (amount) => {
    const result = validateBeatForm({ ...filled, amount }, { cover, audio });
    expect(result).toMatchObject({ ok: false, errors: { amount: BEAT_TEXTS.amountInvalid } });
  });

  it('takes the smallest price and a supply of one', () => {
    expect(validateBeatForm({ ...filled, amount: '0.01', total_supply: '1' }, { cover, audio })).toMatchObject({
      ok: true,
      beat: { amount: 0.01, total_supply: 1 },
    });
  });
});

describe('checkBeatAudio', () => {
  it('takes MP3 and WAV only', () => {
    expect(checkBeatAudio(audio)).toEqual({ ok: true, contentType: 'audio/mpeg' });
    expect(checkBeatAudio(sizedFile('b.wav', 'audio/wav', 10))).toEqual({ ok: true, contentType: 'audio/wav' });
    expect(checkBeatAudio(sizedFile('b.flac', 'audio/flac', 10))).toEqual({ ok: false, error: 'Please select a valid audio file (MP3, WAV)' });
    expect(checkBeatAudio(sizedFile('big.mp3', 'audio/mpeg', 50 * 1024 * 1024))).toEqual({ ok: false, error: 'Audio file must be less than 50MB' });
  });
});
