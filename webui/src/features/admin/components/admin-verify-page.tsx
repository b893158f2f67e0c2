import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { messageFor } from '@/lib/error-message';
import { adminResendErrors, adminVerifyErrors } from '../api/admin-errors';
import { adminVerifySchema, useAdminResendOtp, useAdminVerify } from '../api/admin-session';
import { AdminAuthLayout } from './admin-auth-layout';
import './admin.css';

export const EMAIL_VERIFIED = 'Email verified successfully!';
export const OTP_RESENT = 'A new code has been sent to your email.';

type Notice = { tone: 'error' | 'success'; text: string } | null;

/**
 * /adver: the email from registration (read-only), the 6-character code, 'Resend OTP'.
 * Without an email in the navigation state the page says to register first.
 */
export function AdminVerifyPage() {
  const location = useLocation();
  const email = (location.state as { email?: string } | null)?.email ?? '';
  const verify = useAdminVerify();
  const resend = useAdminResendOtp();
  const [otp, setOtp] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const verified = verify.isSuccess;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminVerifySchema.safeParse({ email, otp });
    if (!parsed.success) return setNotice({ tone: 'error', text: parsed.error.issues[0].message });
    setNotice(null);
    verify.mutate(parsed.data, {
      onSuccess: () => setNotice({ tone: 'success', text: EMAIL_VERIFIED }),
      onError: (error) => setNotice({ tone: 'error', text: messageFor(error, adminVerifyErrors) }),
    });
  };

  const onResend = () => {
    setNotice(null);
    resend.mutate(email, {
      onSuccess: () => setNotice({ tone: 'success', text: OTP_RESENT }),
      onError: (error) => setNotice({ tone: 'error', text: messageFor(error, adminResendErrors) }),
    });
  };

  return (
    <AdminAuthLayout title="Verify Email" subtitle="Enter the 6-digit code we sent to your email.">
      {!email && (
        <Alert tone="info">
          No email to verify. <Link to={paths.adminRegister}>Register as an admin</Link> first.
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" value={email} readOnly />
        <TextField
          label="OTP"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otp}
          disabled={verified}
          onChange={(e) => setOtp(e.target.value)}
        />
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {verified ? (
          <p>
            An existing admin must approve your account before you can act. <Link to={paths.adminLogin}>Go to admin login</Link>
          </p>
        ) : (
          <>
            <Button type="submit" block disabled={!email || verify.isPending}>
              {verify.isPending ? 'Verifying...' : 'Verify'}
            </Button>
            <p className="muted">
              Didn't get a code?{' '}
              <button type="button" className="link-button" onClick={onResend} disabled={!email || resend.isPending}>
                Resend OTP
              </button>
            </p>
          </>
        )}
      </form>
      <p className="muted">
        Wrong email? <Link to={paths.adminRegister}>Register again</Link>
      </p>
    </AdminAuthLayout>
  );
}
