import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { messageFor } from '@/lib/error-message';
import { RESEND_SUCCESS, resendOtpErrors, resendOtpSchema, useResendOtp } from '../api/resend-otp';
import { useVerifyEmail, verifyEmailErrors, verifyEmailSchema } from '../api/verify-email';
import { AuthLayout } from './auth-layout';

type Notice = { tone: 'error' | 'success'; text: string } | null;

/** /verify: e-mail (prefilled after sign-up) and the 6-digit OTP; success goes to /login. */
export function VerifyPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const resend = useResendOtp();
  const prefill = (location.state as { email?: string } | null)?.email ?? '';
  const [email, setEmail] = useState(prefill);
  const [otp, setOtp] = useState('');
  const [notice, setNotice] = useState<Notice>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = verifyEmailSchema.safeParse({ email, otp });
    if (!parsed.success) return setNotice({ tone: 'error', text: parsed.error.issues[0].message });
    setNotice(null);
    verify.mutate(parsed.data, {
      onSuccess: (res) =>
        navigate(paths.login, { state: { notice: res?.message || 'Email verified successfully.' } }),
      onError: (error) => setNotice({ tone: 'error', text: messageFor(error, verifyEmailErrors) }),
    });
  };

  const onResend = () => {
    const parsed = resendOtpSchema.safeParse({ email });
    if (!parsed.success) return setNotice({ tone: 'error', text: parsed.error.issues[0].message });
    setNotice(null);
    resend.mutate(parsed.data, {
      onSuccess: () => setNotice({ tone: 'success', text: RESEND_SUCCESS }),
      onError: (error) => setNotice({ tone: 'error', text: messageFor(error, resendOtpErrors) }),
    });
  };

  return (
    <AuthLayout title="Verify Email" subtitle="Enter the 6-digit code we sent to your email.">
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField label="OTP" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={otp} onChange={(e) => setOtp(e.target.value)} />
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <Button type="submit" block disabled={verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        <p className="muted">
          Didn't get a code?{' '}
          <button type="button" className="link-button" onClick={onResend} disabled={resend.isPending}>
            Resend OTP
          </button>
        </p>
        <p className="muted">
          <Link to={paths.login}>Back to login</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
