import * as z from 'zod/mini';
import { checkFile, fileSchema } from '@/features/upload/api/file-rules';
import { firstErrors } from '@/lib/form-errors';
import { URL_TEXT, isWebUrl } from '@/lib/web-url';

/**
 * The bottom-sheet form of each /global category (spec part 2 §3, promotion submissions): its
 * fields in order, which are files (sent by upload key) and which are optional.
 */
/** Spec part 2 §9, the package confirm text. */
export const CONFIRM_TEXT = [
  'The price includes all fees and taxes.',
  'Requirements: one featured image, without links.',
  'Your content may be adjusted to fit the outlet and is reviewed before publishing.',
];

export type MassField = {
  name: string;
  label: string;
  input: 'text' | 'url' | 'textarea' | 'image' | 'video';
  optional?: boolean;
};

const title: MassField = { name: 'title', label: 'Title', input: 'text' };
const description: MassField = { name: 'description', label: 'Description', input: 'textarea' };
const biography: MassField = { name: 'biography', label: 'Biography', input: 'textarea' };
const songLink: MassField[] = [{ name: 'song_link', label: 'Song link', input: 'url' }];
/** Print media (national) and international: the description is optional. */
const press: MassField[] = [title, { name: 'body', label: 'Body', input: 'textarea' }, { name: 'image', label: 'Image', input: 'image' }, { ...description, optional: true }];

export const MASS_FORMS: Record<string, MassField[]> = {
  print: press,
  national: press,
  international: press,
  tv: [title, biography, { name: 'hd_video', label: 'HD video', input: 'video' }],
  radio: songLink,
  chart: songLink,
  playlist: songLink,
  digital: [{ name: 'artist_name', label: 'Artist name', input: 'text' }, biography, { name: 'artist_photo', label: 'Artist photo', input: 'image' }],
  youtube: [{ name: 'video_link', label: 'Video link', input: 'url' }, title, description],
  tiktok: [
    { name: 'video_link', label: 'Video link', input: 'url' },
    title,
    description,
    { name: 'hashtags', label: 'Hashtags', input: 'text' },
    { name: 'music', label: 'Music', input: 'text' },
  ],
};

export const isFileField = (f: MassField) => f.input === 'image' || f.input === 'video';

/** A text field's check: required unless optional; a link must be a web link (the server says the same). */
function textSchema(f: MassField) {
  const required = `${f.label} is required`;
  return z.string().check(
    z.refine((value) => f.optional === true || value.trim() !== '', required),
    z.refine((value) => f.input !== 'url' || !value.trim() || isWebUrl(value.trim()), URL_TEXT),
  );
}

/**
 * The category's form: "<Label> is required" for each required field left empty (files
 * included), "Please enter a valid URL" for a link that is no web link, before any money moves;
 * an attached file by the upload rules.
 */
export function massFormSchema(fields: MassField[]) {
  return z.object(
    Object.fromEntries(
      fields.map((f) => [
        f.name,
        isFileField(f) ? fileSchema((file) => checkFile(f.input === 'video' ? 'video' : 'image', file), f.optional ? undefined : `${f.label} is required`) : textSchema(f),
      ]),
    ),
  );
}

export type MassFormValues = Record<string, string | File | null>;

/** The form's starting values: every text empty, no file. */
export function emptyMassForm(fields: MassField[]): MassFormValues {
  return Object.fromEntries(fields.map((f) => [f.name, isFileField(f) ? null : '']));
}

/** The form's values as the create call takes them: the texts, and the files apart. */
export function splitMassForm(fields: MassField[], form: MassFormValues) {
  const values: Record<string, string> = {};
  const files: Record<string, File | null> = {};
  for (const f of fields) {
    if (isFileField(f)) files[f.name] = (form[f.name] as File | null) ?? null;
    else values[f.name] = (form[f.name] as string | undefined) ?? '';
  }
  return { values, files };
}

/** The schema's message per field for these values and files. */
export function missingFields(fields: MassField[], values: Record<string, string>, files: Record<string, File | null>) {
  const form = { ...emptyMassForm(fields), ...values, ...files };
  const parsed = massFormSchema(fields).safeParse(form);
  return parsed.success ? {} : (firstErrors<string>(parsed.error.issues) as Record<string, string>);
}
