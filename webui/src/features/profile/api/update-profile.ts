import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, joinFieldErrors } from '@/lib/api-client';
import { profileSchema } from '@/lib/api-schemas';
import { currentProfileQueryKey } from '@/lib/auth/get-current-profile';
import type { ErrorCatalogue } from '@/lib/error-message';
import { text, z } from '@/lib/validation';
import type { OwnProfile } from '@/types/api';

export const UPDATE_FAILED = 'Failed to update profile. Please try again.';
export const IMAGE_TYPE_INVALID = 'Please select a valid image file (JPEG, PNG)';
export const IMAGE_TOO_LARGE = 'Image must be less than 5MB';
export const COVER_TOO_LARGE = 'Cover photo must be less than 5MB';
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png'];

/** Editable text fields. Username, e-mail and identity are never sent (part 2 §5). */
export const editProfileSchema = z.object({
  firstname: text(),
  middlename: text(),
  lastname: text(),
  phonenumber: text().check(z.refine((v) => v === '' || /^\d{10,15}$/.test(v), 'Invalid phone number')),
  bio: text(),
});

export type EditProfileValues = z.input<typeof editProfileSchema>;

/** Part 2 §5 file rules; null when the file may be used. */
export function validateImageFile(file: File, kind: 'image' | 'cover_image'): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return IMAGE_TYPE_INVALID;
  if (file.size >= MAX_IMAGE_BYTES) return kind === 'image' ? IMAGE_TOO_LARGE : COVER_TOO_LARGE;
  return null;
}

export type UpdateProfileInput = EditProfileValues & { image?: File | null; cover_image?: File | null };

/** Multipart body holding only the non-empty fields (spec §7). */
export function toProfileFormData(input: UpdateProfileInput): FormData {
  const form = new FormData();
  for (const key of ['firstname', 'middlename', 'lastname', 'phonenumber', 'bio'] as const) {
    const value = input[key].trim();
    if (value) form.append(key, value);
  }
  if (input.image) form.append('image', input.image);
  if (input.cover_image) form.append('cover_image', input.cover_image);
  return form;
}

/** PUT /user/profile (multipart, session): answers your own profile, checked like GET's. */
export function updateProfile(input: UpdateProfileInput): Promise<OwnProfile> {
  return api.put('/user/profile', { body: toProfileFormData(input), schema: profileSchema });
}

/** Spec §8, profile update: a 400 shows the field errors or message the server sent. */
export const updateProfileErrors: ErrorCatalogue = {
  byStatus: {
    400: (e) => joinFieldErrors(e) || e.message || 'Validation errors occurred',
    404: 'Profile not found',
  },
  fallback: UPDATE_FAILED,
};

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      if (profile?.id) queryClient.setQueryData(currentProfileQueryKey, profile);
      return queryClient.invalidateQueries({ queryKey: currentProfileQueryKey });
    },
  });
}
