import type { ChangeEvent } from 'react';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import type { FieldErrors, SignupField, SignupValues } from '../api/signup';

type StepProps = {
  values: SignupValues;
  errors: FieldErrors;
  onChange: (field: SignupField) => (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (field: SignupField) => () => void;
};

export function PersonalInfoStep({ values, errors, onChange, onBlur }: StepProps) {
  return (
    <>
      <TextField label="First Name" name="firstname" autoComplete="given-name" value={values.firstname} onChange={onChange('firstname')} onBlur={onBlur('firstname')} error={errors.firstname} />
      <TextField label="Middle Name (optional)" name="middlename" autoComplete="additional-name" value={values.middlename} onChange={onChange('middlename')} onBlur={onBlur('middlename')} error={errors.middlename} />
      <TextField label="Last Name" name="lastname" autoComplete="family-name" value={values.lastname} onChange={onChange('lastname')} onBlur={onBlur('lastname')} error={errors.lastname} />
    </>
  );
}

export function AccountDetailsStep({ values, errors, onChange, onBlur }: StepProps) {
  return (
    <>
      <TextField label="Username" name="username" autoComplete="username" value={values.username} onChange={onChange('username')} onBlur={onBlur('username')} error={errors.username} />
      <TextField label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={onChange('email')} onBlur={onBlur('email')} error={errors.email} />
      <TextField label="Phone Number" name="phonenumber" type="tel" inputMode="numeric" autoComplete="tel" value={values.phonenumber} onChange={onChange('phonenumber')} onBlur={onBlur('phonenumber')} error={errors.phonenumber} />
    </>
  );
}

export function SetPasswordStep({ values, errors, onChange, onBlur }: StepProps) {
  return (
    <>
      <PasswordField label="Password" name="password" autoComplete="new-password" value={values.password} onChange={onChange('password')} onBlur={onBlur('password')} error={errors.password} />
      <PasswordField label="Confirm Password" name="confirmPassword" autoComplete="new-password" value={values.confirmPassword} onChange={onChange('confirmPassword')} onBlur={onBlur('confirmPassword')} error={errors.confirmPassword} />
      {/* Spec §2: present but non-functional. */}
      <label className="checkbox">
        <input type="checkbox" name="remember" /> Remember me
      </label>
    </>
  );
}
