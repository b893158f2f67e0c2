import { parseNaira } from '@/lib/money';
import * as z from 'zod/mini';
import { firstErrors } from '@/lib/form-errors';
import { checkFile, fileSchema, type FileCheck } from './file-rules';

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

const SUPPLY = /^\d+$/;

/**
 * The form as spec part 2 §5 says: title, description, cover photo and audio required, each with
 * its inline text; supply a whole number ≥ 1; price naira ≥ 0.01 with at most two decimals.
 */
export const beatFormSchema = z.object({
  caption: z.string().check(z.trim(), z.minLength(1, BEAT_TEXTS.titleRequired), z.maxLength(MAX_TITLE, BEAT_TEXTS.titleTooLong)),
  description: z.string().check(z.trim(), z.minLength(1, BEAT_TEXTS.descriptionRequired)),
  total_supply: z.string().check(
    z.trim(),
    z.refine((text) => SUPPLY.test(text) && Number.isSafeInteger(Number(text)) && Number(text) >= 1, BEAT_TEXTS.supplyInvalid),
  ),
  amount: z.string().check(z.refine((text) => (parseNaira(text) ?? 0) >= 0.01, BEAT_TEXTS.amountInvalid)),
  cover_photo: fileSchema((file) => checkFile('image', file), BEAT_TEXTS.coverRequired),
  audio_upload: fileSchema((file) => checkBeatAudio(file), BEAT_TEXTS.audioRequired),
});

export type BeatForm = z.input<typeof beatFormSchema>;

export const emptyBeatUpload: BeatForm = { ...emptyBeatForm, cover_photo: null, audio_upload: null };

/** The checked form's values to send: naira and a whole supply. */
export function checkedBeat(values: BeatFormValues): CheckedBeat {
  return { caption: values.caption, description: values.description, total_supply: Number(values.total_supply), amount: parseNaira(values.amount) as number };
}

/** The alert of a missing title (the form shows it above the button). */
export function beatTitleAlert(values: BeatFormValues): string | undefined {
  return values.caption.trim() ? undefined : BEAT_TEXTS.titleAlert;
}

/** The schema's verdict on plain values: the values to send, or the errors (and the alert of a missing title). */
export function validateBeatForm(
  values: BeatFormValues,
  files: { cover: File | null; audio: File | null },
): { ok: true; beat: CheckedBeat } | { ok: false; errors: BeatFormErrors; alert?: string } {
  const parsed = beatFormSchema.safeParse({ ...values, cover_photo: files.cover, audio_upload: files.audio });
  if (parsed.success) return { ok: true, beat: checkedBeat(parsed.data) };
  const alert = beatTitleAlert(values);
  return { ok: false, errors: firstErrors<BeatField>(parsed.error.issues) as BeatFormErrors, ...(alert && { alert }) };
}

/** A beat for sale is MP3 or WAV (its preview is cut from those on the server), under 50MB. */
export function checkBeatAudio(file: File): FileCheck {
  const check = checkFile('audio', file);
  if (check.ok && check.contentType !== 'audio/mpeg' && check.contentType !== 'audio/wav') {
    return { ok: false, error: 'Please select a valid audio file (MP3, WAV)' };
  }
  return check;
}
