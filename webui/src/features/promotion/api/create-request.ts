import { api } from '@/lib/api-client';
import { messageFor } from '@/lib/error-message';
import type { RequestType, RequestValues } from './request-form';

export type RequestFiles = { imageFile?: string; videoFile?: string };

/** POST /promotions/requests: the /req form, stored for admins (files by upload key). */
export function createPromotionRequest(values: RequestValues & { promotionType: RequestType }, files: RequestFiles) {
  return api.post('/promotions/requests', { body: { ...values, ...files } });
}

/** A refused or failed submission: the server's words, else the catalogue's. */
export const requestErrorText = (error: unknown) => messageFor(error, { fallback: 'Failed to submit. Please try again.' });
