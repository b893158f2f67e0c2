import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/text-area';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import { messageFor } from '@/lib/error-message';
import { AVATAR_MAX_PX, COVER_MAX_PX, downscaleImage } from '@/lib/image-resize';
import { firstErrors } from '@/lib/validation';
import type { Profile } from '@/types/api';
import {
  UPDATE_FAILED,
  editProfileSchema,
  updateProfileErrors,
  useUpdateProfile,
  validateImageFile,
  type EditProfileValues,
} from '../api/update-profile';
import { identityLabel } from '../profile-format';
import { ImagePicker } from './image-picker';

/** Part 2 §9: redirect 1.5 s after a successful save. */
export const SAVED_REDIRECT_MS = 1500;

type ImageField = 'image' | 'cover_image';

function initialValues(p: Profile): EditProfileValues {
  return {
    firstname: p.firstname ?? '',
    middlename: p.middlename ?? '',
    lastname: p.lastname ?? '',
    phonenumber: p.phonenumber ?? '',
    bio: p.bio ?? '',
  };
}

/** /editprofile: the editable fields, plus the ones that never change shown read-only. */
export function EditProfilePage() {
  const { data: profile } = useCurrentProfile();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [values, setValues] = useState<EditProfileValues>(() => initialValues(profile!));
  const [files, setFiles] = useState<Record<ImageField, File | null>>({ image: null, cover_image: null });
  const [errors, setErrors] = useState<Partial<Record<keyof EditProfileValues | ImageField, string>>>({});
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string; detail?: string } | null>(null);

  useEffect(() => {
    if (result?.tone !== 'success') return;
    const timer = window.setTimeout(() => navigate(paths.ownProfile), SAVED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [result, navigate]);

  if (!profile) return null;

  const set = (field: keyof EditProfileValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const pick = (field: ImageField) => (file: File | null) => {
    const error = file ? validateImageFile(file, field) : null;
    setFiles((f) => ({ ...f, [field]: error ? null : file }));
    setErrors(({ [field]: _cleared, ...rest }) => (error ? { ...rest, [field]: error } : rest));
    return !error;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = editProfileSchema.safeParse(values);
    if (!parsed.success) return setErrors(firstErrors<keyof EditProfileValues>(parsed.error.issues));
    setResult(null);
    const [image, cover] = await Promise.all([
      files.image && downscaleImage(files.image, AVATAR_MAX_PX),
      files.cover_image && downscaleImage(files.cover_image, COVER_MAX_PX),
    ]);
    update.mutate(
      { ...parsed.data, image, cover_image: cover },
      {
        onSuccess: () => setResult({ tone: 'success', text: 'Profile updated successfully.' }),
        onError: (error) => {
          const detail = messageFor(error, updateProfileErrors);
          setResult({ tone: 'error', text: UPDATE_FAILED, detail: detail === UPDATE_FAILED ? undefined : detail });
        },
      },
    );
  };

  const busy = update.isPending || result?.tone === 'success';
  return (
    <form className="edit-profile" onSubmit={onSubmit} noValidate>
      <h1>Edit Profile</h1>
      <ImagePicker label="Cover Image" shape="wide" current={profile.cover_image} error={errors.cover_image} onPick={pick('cover_image')} />
      <ImagePicker label="Profile Picture" shape="round" current={profile.image} error={errors.image} onPick={pick('image')} />
      <fieldset className="read-only">
        <legend>Account (cannot be changed)</legend>
        <TextField label="Username" value={profile.username} readOnly />
        <TextField label="Email" value={profile.email ?? ''} readOnly />
        <TextField label="Identity" value={identityLabel(profile.identity)} readOnly />
      </fieldset>
      <TextField label="First Name" value={values.firstname} onChange={(e) => set('firstname')(e.target.value)} />
      <TextField label="Middle Name" value={values.middlename} onChange={(e) => set('middlename')(e.target.value)} />
      <TextField label="Last Name" value={values.lastname} onChange={(e) => set('lastname')(e.target.value)} />
      <TextField label="Phone Number" type="tel" inputMode="numeric" value={values.phonenumber} error={errors.phonenumber} onChange={(e) => set('phonenumber')(e.target.value)} />
      <TextArea label="Bio" rows={4} value={values.bio} onChange={(e) => set('bio')(e.target.value)} />
      {result && (
        <Alert tone={result.tone}>
          {result.text}
          {result.detail && <span className="alert-detail">{result.detail}</span>}
        </Alert>
      )}
      <div className="wizard-actions">
        <Link to={paths.ownProfile} className="btn btn-secondary">Cancel</Link>
        <Button type="submit" disabled={busy}>{update.isPending ? 'Saving...' : 'Save Changes'}</Button>
      </div>
    </form>
  );
}
