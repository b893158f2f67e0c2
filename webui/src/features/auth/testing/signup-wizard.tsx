import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@/testing/render';
import { SignupPage } from '../components/signup-page';
import { VerifyPage } from '../components/verify-page';

/** The wizard, /verify after it, and /start for unknown identities. */
const routes = [
  { path: '/signup', element: <SignupPage /> },
  { path: '/verify', element: <VerifyPage /> },
  { path: '/start', element: <p>Role choice</p> },
];

export type User = ReturnType<typeof userEvent.setup>;

export function renderSignup(identity = 'artist', options?: Parameters<typeof userEvent.setup>[0]) {
  const user = userEvent.setup(options);
  renderRoutes(routes, `/signup?identity=${identity}`);
  return user;
}

export async function fillStepOne(user: User) {
  await user.type(screen.getByLabelText('First Name'), 'Ada');
  await user.type(screen.getByLabelText('Last Name'), 'Obi');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Account Details' });
}

/** Types step 2's fields without moving on. */
export async function typeAccountDetails(user: User, username = 'adabeats') {
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Phone Number'), '08012345678');
}

/** Step 2 filled and accepted: waits for step 3 (Next waits for the username check). */
export async function fillStepTwo(user: User) {
  await typeAccountDetails(user);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Set Password' });
}

export async function fillStepThree(user: User) {
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.type(screen.getByLabelText('Confirm Password'), 'secret123');
}

/** Answer of GET /auth/check-username for a free name. */
export const usernameFree = { status: 200, body: { available: true, message: 'Username is available.' } } as const;

/** The usernames GET /auth/check-username was asked about, in order. */
export function checkedUsernames(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input instanceof Request ? input.url : input)))
    .filter((url) => url.pathname.endsWith('/auth/check-username'))
    .map((url) => url.searchParams.get('username') ?? '');
}
