import { api } from '@/lib/api-client';
import { uploadFiles, type UploadItem } from '@/features/upload/api/upload-file';
import { isFileField, type MassField } from './mass-form';

export type MassInput = {
  category: string;
  packageId: string;
  fields: MassField[];
  values: Record<string, string>;
  files: Record<string, File | null>;
};

/**
 * Uploads the form's files through the upload flow, then POST /promotions/mass with the
 * category's fields (files by upload key) and the attempt's Idempotency-Key.
 */
export async function createMassPromotion(input: MassInput, idempotencyKey: string) {
  const fileFields = input.fields.filter((f) => isFileField(f) && input.files[f.name]);
  const items: UploadItem[] = fileFields.map((f) => ({ kind: f.input === 'video' ? 'video' : 'image', file: input.files[f.name] as File }));
  const keys = items.length ? await uploadFiles(items, () => {}) : [];
  const body: Record<string, string> = { category: input.category, package_id: input.packageId };
  for (const f of input.fields) {
    if (isFileField(f)) continue;
    const value = input.values[f.name]?.trim();
    if (value) body[f.name] = value;
  }
  fileFields.forEach((f, i) => {
    body[f.name] = keys[i];
  });
  return api.post('/promotions/mass', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
