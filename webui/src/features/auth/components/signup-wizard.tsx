import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { messageFor } from '@/lib/error-message';
import {
  signupErrors,
  useSignup,
  validateSignupStep,
  type FieldErrors,
  type SignupField,
  type SignupValues,
} from '../api/signup';
import { redirectToGoogle } from '../api/google-auth';
import type { Role } from '../roles';
import { AccountDetailsStep, PersonalInfoStep, SetPasswordStep } from './signup-steps';

const EMPTY: SignupValues = {
  firstname: '',
  middlename: '',
  lastname: '',
  username: '',
  email: '',
  phonenumber: '',
  password: '',
  confirmPassword: '',
};

const STEPS = [PersonalInfoStep, AccountDetailsStep, SetPasswordStep];
const STEP_TITLES = ['Personal Information', 'Account Details', 'Set Password'];
const LAST = STEPS.length - 1;

/** Three-step sign-up (spec §2, §4, §5): forward only when the step validates. */
export function SignupWizard({ role }: { role: Role }) {
  const navigate = useNavigate();
  const signup = useSignup();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [step, setStep] = useState(0);
  const [direction, setDirection] = useState<'forward' | 'back'>('forward');
  const [formError, setFormError] = useState('');

  const onChange = (field: SignupField) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const goTo = (next: number) => {
    setDirection(next > step ? 'forward' : 'back');
    setStep(next);
  };

  const next = () => {
    const stepErrors = validateSignupStep(step, values);
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length === 0) goTo(step + 1);
  };

  const submit = () => {
    for (let s = 0; s <= LAST; s++) {
      const stepErrors = validateSignupStep(s, values);
      if (Object.keys(stepErrors).length > 0) {
        setErrors(stepErrors);
        if (s !== step) goTo(s);
        return;
      }
    }
    setFormError('');
    const { confirmPassword: _client, ...input } = values;
    signup.mutate(
      { ...input, identity: role.identity },
      {
        onSuccess: () => navigate('/verify', { state: { email: values.email.trim() } }),
        onError: (error) => setFormError(messageFor(error, signupErrors)),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step < LAST) next();
    else submit();
  };

  const Step = STEPS[step];
  return (
    <form className="wizard" onSubmit={onSubmit} noValidate>
      <p className="wizard-progress">
        Step {step + 1} of {STEPS.length}
      </p>
      <div key={step} className={`wizard-step slide-${direction}`}>
        <h2>{STEP_TITLES[step]}</h2>
        <Step values={values} errors={errors} onChange={onChange} />
      </div>
      {formError && <Alert>{formError}</Alert>}
      <div className="wizard-actions">
        {step > 0 && (
          <Button variant="secondary" onClick={() => goTo(step - 1)}>
            Back
          </Button>
        )}
        {step < LAST ? (
          <Button onClick={next}>Next</Button>
        ) : (
          <Button type="submit" disabled={signup.isPending}>
            {signup.isPending ? 'Signing up...' : 'Sign Up'}
          </Button>
        )}
      </div>
      {step === LAST && (
        <>
          <div className="divider">or</div>
          <Button variant="secondary" block onClick={() => setFormError(redirectToGoogle(role.identity) ?? '')}>
            Sign up with Google
          </Button>
        </>
      )}
      <p className="muted">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </form>
  );
}
