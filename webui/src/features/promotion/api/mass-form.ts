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

/**
 * "<Label> is required" for each required field left empty, and "Please enter a valid URL" for a
 * link that is no web link (the server says the same, before any money moves).
 */
export function missingFields(fields: MassField[], values: Record<string, string>, files: Record<string, File | null>) {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const value = values[f.name]?.trim() ?? '';
    if (f.input === 'url' && value && !isWebUrl(value)) errors[f.name] = URL_TEXT;
    if (f.optional) continue;
    const present = isFileField(f) ? !!files[f.name] : !!value;
    if (!present) errors[f.name] = `${f.label} is required`;
  }
  return errors;
}
