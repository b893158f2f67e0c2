import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { messageFor } from '@/lib/error-message';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { USERNAME_CHECK_DELAY_MS, usernameCheckQueryOptions } from '../api/check-username';
import {
  signupErrors,
  useSignup,
  usernameConflict,
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
const ACCOUNT_DETAILS = 1;
const LAST = STEPS.length - 1;

/**
 * Three-step sign-up (spec §2, §4, §5): forward only when the step validates.
 * - Each step is its own form (keyed by step), so Enter moves on, and the button clicked on
 *   one step can never become the next step's submit button: a click on Next used to turn
 *   into a submit of step 3 the moment it rendered, showing its errors before any typing.
 * - A field's error shows once the user leaves it with something typed, or on Next/Sign Up.
 * - The username is checked with the server as the user pauses typing and again on Next;
 *   a taken one stops the wizard on step 2, beside the field.
 */
export function SignupWizard({ role }: { role: Role }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signup = useSignup();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [step, setStep] = useState(0);
  const [direction, setDirection] = useState<'forward' | 'back'>('forward');
  const [formError, setFormError] = useState('');
  const [checking, setChecking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const moved = useRef(false);

  const username = values.username.trim();
  const settledUsername = useDebouncedValue(username, USERNAME_CHECK_DELAY_MS);
  const settled = settledUsername === username && username !== '';
  const liveCheck = useQuery({
    ...usernameCheckQueryOptions(settledUsername),
    enabled: step === ACCOUNT_DETAILS && settled,
  });
  const usernameMessage = settled ? (liveCheck.data ?? undefined) : undefined;
  const shownErrors: FieldErrors = { ...errors, username: errors.username ?? usernameMessage };

  useEffect(() => {
    if (moved.current) formRef.current?.querySelector('input')?.focus();
  }, [step]);

  const onChange = (field: SignupField) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  /** An empty field the user only passed through is judged on Next, not on leaving it. */
  const onBlur = (field: SignupField) => () => {
    if (!values[field].trim()) return;
    const message = validateSignupStep(step, values)[field];
    if (message) setErrors((e) => ({ ...e, [field]: message }));
  };

  const goTo = (next: number) => {
    moved.current = true;
    setDirection(next > step ? 'forward' : 'back');
    setStep(next);
  };

  const advance = async () => {
    const stepErrors = validateSignupStep(step, values);
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length > 0) return;
    if (step === ACCOUNT_DETAILS) {
      setChecking(true);
      const problem = await queryClient.fetchQuery(usernameCheckQueryOptions(username)).catch(() => null);
      setChecking(false);
      if (problem) return setErrors({ username: problem });
    }
    goTo(step + 1);
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
        onSuccess: () => navigate(paths.verify, { state: { email: values.email.trim() } }),
        onError: (error) => {
          const taken = usernameConflict(error);
          if (!taken) return setFormError(messageFor(error, signupErrors));
          setErrors({ username: taken });
          goTo(ACCOUNT_DETAILS);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (checking || signup.isPending) return;
    if (step < LAST) void advance();
    else submit();
  };

  const signUpWithGoogle = () =>
    setFormError(
      redirectToGoogle({ identity: role.identity, username: values.username, phonenumber: values.phonenumber }) ?? '',
    );

  const Step = STEPS[step];
  return (
    <form key={step} ref={formRef} className="wizard" onSubmit={onSubmit} noValidate>
      <p className="wizard-progress">
        Step {step + 1} of {STEPS.length}
      </p>
      <div className={`wizard-step slide-${direction}`}>
        <h2>{STEP_TITLES[step]}</h2>
        <Step values={values} errors={shownErrors} onChange={onChange} onBlur={onBlur} />
      </div>
      {formError && <Alert>{formError}</Alert>}
      <div className="wizard-actions">
        {step > 0 && (
          <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={checking}>
            Back
          </Button>
        )}
        {step < LAST ? (
          <Button type="submit" disabled={checking}>
            {checking ? 'Checking...' : 'Next'}
          </Button>
        ) : (
          <Button type="submit" disabled={signup.isPending}>
            {signup.isPending ? 'Signing up...' : 'Sign Up'}
          </Button>
        )}
      </div>
      {step === LAST && (
        <>
          <div className="divider">or</div>
          <Button variant="secondary" block onClick={signUpWithGoogle}>
            Sign up with Google
          </Button>
        </>
      )}
      <p className="muted">
        Already have an account? <Link to={paths.login}>Log in</Link>
      </p>
    </form>
  );
}
