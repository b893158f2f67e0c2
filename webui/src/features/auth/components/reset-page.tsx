import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import {
  RESET_EMAIL_MISSING,
  RESET_SUCCESS,
  getResetEmail,
  resetPasswordErrorMessage,
  resetPasswordSchema,
  useResetPassword,
} from '../api/reset-password';
import { AuthLayout } from './auth-layout';

/** Spec §9: redirects after a reset (or a missing e-mail) wait 2 seconds. */
export const RESET_REDIRECT_MS = 2000;

type Notice = { tone: 'error' | 'success'; text: string; then?: string } | null;

/** /reset?token=: new password for the e-mail remembered by /forgot. */
export function ResetPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    if (!notice?.then) return;
    const timer = window.setTimeout(() => navigate(notice.then!), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [notice, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ newPassword, confirmPassword });
    if (!parsed.success) return setNotice({ tone: 'error', text: parsed.error.issues[0].message });
    const email = getResetEmail();
    if (!email) return setNotice({ tone: 'error', text: RESET_EMAIL_MISSING, then: '/forgot' });
    setNotice(null);
    reset.mutate(
      { email, token: params.get('token') ?? '', newPassword },
      {
        onSuccess: (res) =>
          setNotice({ tone: 'success', text: res?.message || RESET_SUCCESS, then: '/login' }),
        onError: (error) => setNotice({ tone: 'error', text: resetPasswordErrorMessage(error) }),
      },
    );
  };

  return (
    <AuthLayout title="Reset Password" subtitle="Choose a new password.">
      <form onSubmit={onSubmit} noValidate>
        <PasswordField label="New Password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
        <PasswordField label="Confirm New Password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <Button type="submit" block disabled={reset.isPending || Boolean(notice?.then)}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
      <p className="muted">
        <Link to="/login">Log in</Link> · <Link to="/signup">Sign up</Link>
      </p>
    </AuthLayout>
  );
}
