import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import {
  RESET_LINK_INVALID,
  RESET_SUCCESS,
  isBadResetLink,
  readResetLink,
  resetPasswordErrorMessage,
  resetPasswordSchema,
  useResetPassword,
} from '../api/reset-password';
import { AuthLayout } from './auth-layout';

/** Spec §9: the redirect to /login after a reset waits 2 seconds. */
export const RESET_REDIRECT_MS = 2000;

type Notice = { tone: 'error' | 'success'; text: string; newLink?: boolean } | null;

/**
 * /reset?token=&email=: the page the e-mailed link opens, on whatever device the mail was
 * read. Everything it needs is in the link; without a token it explains and offers a new link.
 */
export function ResetPage() {
  const [params] = useSearchParams();
  const link = readResetLink(params);
  if (!link) return <InvalidResetLink />;
  return <ResetForm token={link.token} email={link.email} />;
}

function NewLink() {
  return <Link to={paths.forgot}>Request a new link</Link>;
}

function InvalidResetLink() {
  return (
    <AuthLayout title="Reset Password">
      <Alert>{RESET_LINK_INVALID}</Alert>
      <p className="muted">
        Reset links come by e-mail and work once. <NewLink />
      </p>
      <p className="muted">
        <Link to={paths.login}>Log in</Link> · <Link to={paths.signup}>Sign up</Link>
      </p>
    </AuthLayout>
  );
}

function ResetForm({ token, email }: { token: string; email?: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const done = reset.isSuccess;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(paths.login), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ newPassword, confirmPassword });
    if (!parsed.success) return setNotice({ tone: 'error', text: parsed.error.issues[0].message });
    setNotice(null);
    reset.mutate(
      { ...(email && { email }), token, newPassword },
      {
        onSuccess: (res) => setNotice({ tone: 'success', text: res?.message || RESET_SUCCESS }),
        onError: (error) =>
          setNotice({ tone: 'error', text: resetPasswordErrorMessage(error), newLink: isBadResetLink(error) }),
      },
    );
  };

  return (
    <AuthLayout title="Reset Password" subtitle="Choose a new password.">
      {email && (
        <p className="muted">
          For <strong>{email}</strong>
        </p>
      )}
      <form onSubmit={onSubmit} noValidate>
        <PasswordField label="New Password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
        <PasswordField label="Confirm New Password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {notice?.newLink && (
          <p className="muted">
            <NewLink />
          </p>
        )}
        <Button type="submit" block disabled={reset.isPending || done}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
      <p className="muted">
        <Link to={paths.login}>Log in</Link> · <Link to={paths.signup}>Sign up</Link>
      </p>
    </AuthLayout>
  );
}
