import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { messageFor } from '@/lib/error-message';
import { firstErrors } from '@/lib/validation';
import { adminSignupErrors } from '../api/admin-errors';
import { adminSignupSchema, useAdminSignup } from '../api/admin-session';
import { AdminAuthLayout } from './admin-auth-layout';
import './admin.css';

type Field = 'username' | 'email' | 'password';

/** /adsin (and /admin/signup): username, email, password; 201 goes to /adver with the email. */
export function AdminSignupPage() {
  const navigate = useNavigate();
  const signup = useAdminSignup();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState('');

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((x) => ({ ...x, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminSignupSchema.safeParse(values);
    if (!parsed.success) return setErrors(firstErrors<Field>(parsed.error.issues));
    setFormError('');
    signup.mutate(parsed.data, {
      onSuccess: () => navigate(paths.adminVerify, { state: { email: parsed.data.email } }),
      onError: (error) => setFormError(messageFor(error, adminSignupErrors)),
    });
  };

  return (
    <AdminAuthLayout title="Admin Registration" subtitle="An existing admin approves every new admin.">
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Username" autoComplete="username" value={values.username} error={errors.username} onChange={set('username')} />
        <TextField label="Email" type="email" autoComplete="email" value={values.email} error={errors.email} onChange={set('email')} />
        <PasswordField label="Password" autoComplete="new-password" value={values.password} error={errors.password} onChange={set('password')} />
        {formError && <Alert>{formError}</Alert>}
        <Button type="submit" block disabled={signup.isPending}>
          {signup.isPending ? 'Registering...' : 'Register'}
        </Button>
      </form>
      <p className="muted">
        Already registered? <Link to={paths.adminLogin}>Admin login</Link>
      </p>
    </AdminAuthLayout>
  );
}
