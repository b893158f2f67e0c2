import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { messageFor } from '@/lib/error-message';
import {
  FORGOT_SUCCESS,
  forgotPasswordErrors,
  forgotPasswordSchema,
  useForgotPassword,
} from '../api/forgot-password';
import { AuthLayout } from './auth-layout';

/** /forgot: asks for a reset link, e-mailed with the token and the address in it. */
export function ForgotPage() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) return setNotice({ tone: 'error', text: parsed.error.issues[0].message });
    setNotice(null);
    forgot.mutate(parsed.data, {
      onSuccess: () => setNotice({ tone: 'success', text: FORGOT_SUCCESS }),
      onError: (error) => setNotice({ tone: 'error', text: messageFor(error, forgotPasswordErrors) }),
    });
  };

  return (
    <AuthLayout title="Forgot Password" subtitle="We'll email you a link to reset it.">
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <Button type="submit" block disabled={forgot.isPending}>
          {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <p className="muted">
        Have a reset link? <Link to={paths.reset}>Reset password</Link>
      </p>
      <p className="muted">
        Remembered it? <Link to={paths.login}>Log in</Link>
      </p>
    </AuthLayout>
  );
}
