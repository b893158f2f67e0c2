import { Navigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { roleFromSlug } from '../roles';
import { AuthLayout } from './auth-layout';
import { SignupWizard } from './signup-wizard';

/** /signup?identity=record-label|artist|producer; without a known identity, back to /start. */
export function SignupPage() {
  const [params] = useSearchParams();
  const slug = params.get('identity');
  const role = roleFromSlug(slug);
  if (!role || !slug) return <Navigate to={paths.start} replace />;
  return (
    <AuthLayout title={`Signup as ${role.slug.replace(/-/g, ' ')}`}>
      <SignupWizard role={role} />
    </AuthLayout>
  );
}
