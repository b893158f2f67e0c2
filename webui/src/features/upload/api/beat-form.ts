import { parseNaira } from '@/lib/money';
import { checkFile, type FileCheck } from './file-rules';

/** Spec part 2 §3 and §5: the beat-for-sale form's texts and defaults. */
export const BEAT_TEXTS = {
  titleAlert: 'Please add a title for your beat',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  coverRequired: 'Cover photo is required',
  audioRequired: 'Audio file is required',
  supplyInvalid: 'Total supply must be a whole number of at least 1',
  amountInvalid: 'Price must be at least ₦0.01, with at most two decimals',
  titleTooLong: 'Title must be at most 500 characters',
} as const;

/**
 * Spec part 2 §9: supply 100 (min 1); the price (min one kobo, step 0.01) starts at the terms'
 * default (GET /terms, beat.default_price), which the page puts in while the seller has typed none.
 */
export const BEAT_DEFAULTS = { total_supply: '100' } as const;

const MAX_TITLE = 500;

export type BeatFormValues = { caption: string; description: string; total_supply: string; amount: string };

export const emptyBeatForm: BeatFormValues = { caption: '', description: '', amount: '', ...BEAT_DEFAULTS };

export type BeatField = 'caption' | 'description' | 'total_supply' | 'amount' | 'cover_photo' | 'audio_upload';
export type BeatFormErrors = Partial<Record<BeatField, string>>;

export type CheckedBeat = { caption: string; description: string; total_supply: number; amount: number };

/**
 * Checks the form as spec part 2 §5 says: title, description, cover photo and audio required,
 * each with its inline text; supply a whole number ≥ 1; price naira ≥ 0.01 with at most two
 * decimals. Answers the values to send, or the errors (and the alert of a missing title).
 */
export function validateBeatForm(
  values: BeatFormValues,
  files: { cover: File | null; audio: File | null },
): { ok: true; beat: CheckedBeat } | { ok: false; errors: BeatFormErrors; alert?: string } {
  const errors: BeatFormErrors = {};
  const caption = values.caption.trim();
  const description = values.description.trim();
  if (!caption) errors.caption = BEAT_TEXTS.titleRequired;
  else if (caption.length > MAX_TITLE) errors.caption = BEAT_TEXTS.titleTooLong;
  if (!description) errors.description = BEAT_TEXTS.descriptionRequired;
  const supplyText = values.total_supply.trim();
  const total_supply = /^\d+$/.test(supplyText) ? Number(supplyText) : NaN;
  if (!Number.isSafeInteger(total_supply) || total_supply < 1) errors.total_supply = BEAT_TEXTS.supplyInvalid;
  const amount = parseNaira(values.amount);
  if (amount === null || amount < 0.01) errors.amount = BEAT_TEXTS.amountInvalid;
  if (!files.cover) errors.cover_photo = BEAT_TEXTS.coverRequired;
  if (!files.audio) errors.audio_upload = BEAT_TEXTS.audioRequired;
  if (Object.keys(errors).length > 0) {
    return { ok: false, errors, ...(!caption && { alert: BEAT_TEXTS.titleAlert }) };
  }
  return { ok: true, beat: { caption, description, total_supply, amount: amount as number } };
}

/** A beat for sale is MP3 or WAV (its preview is cut from those on the server), under 50MB. */
export function checkBeatAudio(file: File): FileCheck {
  const check = checkFile('audio', file);
  if (check.ok && check.contentType !== 'audio/mpeg' && check.contentType !== 'audio/wav') {
    return { ok: false, error: 'Please select a valid audio file (MP3, WAV)' };
  }
  return check;
}
