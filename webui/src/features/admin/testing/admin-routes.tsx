import type { RouteObject } from 'react-router-dom';
import { AdminForgotPage } from '../components/admin-forgot-page';
import { AdminLoginPage } from '../components/admin-login-page';
import { AdminShell } from '../components/admin-shell';
import { AdminSignupPage } from '../components/admin-signup-page';
import { AdminVerifyPage } from '../components/admin-verify-page';
import { RequireAdmin } from '../components/require-admin';
import { UsersPage } from '../components/users-page';

/** The admin part of the route table, eagerly loaded, for the feature's own tests. */
export const adminRoutes: RouteObject[] = [
  { path: '/adlog', element: <AdminLoginPage /> },
  { path: '/adsin', element: <AdminSignupPage /> },
  { path: '/admin/signup', element: <AdminSignupPage /> },
  { path: '/adver', element: <AdminVerifyPage /> },
  { path: '/admin/forgot-password', element: <AdminForgotPage /> },
  {
    element: <RequireAdmin />,
    children: [{ element: <AdminShell />, children: [{ path: '/users', element: <UsersPage /> }] }],
  },
];
