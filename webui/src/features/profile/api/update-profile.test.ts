import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { messageFor } from '@/lib/error-message';
import { errorCases } from '@/testing/cases';
import { profileByIdErrors } from './get-profile';
import { editProfileSchema, toProfileFormData, updateProfileErrors, validateImageFile } from './update-profile';

const MB = 1024 * 1024;
/** A file that reports `size` bytes without allocating them. */
function file(type: string, size: number): File {
  const f = new File(['x'], 'pic', { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('profile image rules (spec part 2 §5)', () => {
  it.each([
    ['image/gif', 10, 'image', 'Please select a valid image file (JPEG, PNG)'],
    ['application/pdf', 10, 'cover_image', 'Please select a valid image file (JPEG, PNG)'],
    ['image/jpeg', 5 * MB, 'image', 'Image must be less than 5MB'],
    ['image/png', 5 * MB, 'cover_image', 'Cover photo must be less than 5MB'],
    ['image/jpeg', 5 * MB - 1, 'image', null],
    ['image/png', 100, 'cover_image', null],
  ] as const)('%s of %i bytes as %s', (type, size, kind, expected) => {
    expect(validateImageFile(file(type, size), kind)).toBe(expected);
  });
});

describe('edit profile form', () => {
  const values = { firstname: ' Ada ', middlename: '', lastname: 'Obi', phonenumber: '', bio: '  ' };

  it('accepts an empty phone and rejects a malformed one', () => {
    expect(editProfileSchema.safeParse(values).success).toBe(true);
    const bad = editProfileSchema.safeParse({ ...values, phonenumber: '12ab' });
    expect(bad.error?.issues[0].message).toBe('Invalid phone number');
  });

  it('sends only non-empty fields', () => {
    const avatar = file('image/jpeg', 10);
    const form = toProfileFormData({ ...values, image: avatar, cover_image: null });
    expect([...form.keys()]).toEqual(['firstname', 'lastname', 'image']);
    expect(form.get('firstname')).toBe('Ada');
  });
});

describe('profile errors (spec §8)', () => {
  it.each(errorCases([
    [new ApiError(400, 'Validation errors.', [{ field: 'image', msg: 'Image must be less than 5MB' }]), 'Image must be less than 5MB'],
    [new ApiError(400, 'Username, email and identity cannot be changed.'), 'Username, email and identity cannot be changed.'],
    [new ApiError(400, ''), 'Validation errors occurred'],
    [new ApiError(404, ''), 'Profile not found'],
    [new ApiError(500, ''), 'Failed to update profile. Please try again.'],
  ]))('update %s', (_, error, expected) => {
    expect(messageFor(error, updateProfileErrors)).toBe(expected);
  });

  it.each(errorCases([
    [new ApiError(404, ''), 'Profile not found'],
    [new ApiError(500, ''), 'Server error. Please try again later.'],
    [new ApiError(0, ''), 'Network error. Please check your connection.'],
    [new ApiError(502, ''), 'An unexpected error occurred'],
  ]))('by id %s', (_, error, expected) => {
    expect(messageFor(error, profileByIdErrors)).toBe(expected);
  });
});
