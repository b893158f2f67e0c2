import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFound } from '@/components/layouts/not-found';
import { RootFallback, RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Screens load on first visit (route-level code splitting): every screen, the signed-in guard and
 * shell and the admin guard are lazy, so no screen loads another's code. Opened from the network,
 * `/` is not this app at all but dist/landing.html, the landing page rendered at build time
 * (scripts/prerender-landing.mjs); the lazy landing route below is for navigations inside the app
 * (the footer's Home, after logout). A navigation keeps the old screen up while the next one's code
 * arrives, so nothing shifts.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** The route table (spec §2). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <RootFallback />,
    children: [
      { path: '/', lazy: page(() => import('@/features/landing/components/landing-page'), 'LandingPage') },
      { path: '/start', lazy: page(() => import('@/features/auth/components/role-choice-page'), 'RoleChoicePage') },
      { path: '/signup', lazy: page(() => import('@/features/auth/components/signup-page'), 'SignupPage') },
      { path: '/verify', lazy: page(() => import('@/features/auth/components/verify-page'), 'VerifyPage') },
      { path: '/login', lazy: page(() => import('@/features/auth/components/login-page'), 'LoginPage') },
      { path: '/forgot', lazy: page(() => import('@/features/auth/components/forgot-page'), 'ForgotPage') },
      { path: '/reset', lazy: page(() => import('@/features/auth/components/reset-page'), 'ResetPage') },
      { path: '/about', lazy: page(() => import('@/features/landing/components/info-pages'), 'AboutPage') },
      { path: '/contact', lazy: page(() => import('@/features/landing/components/info-pages'), 'ContactPage') },
      { path: '/faq', lazy: page(() => import('@/features/landing/components/info-pages'), 'FaqPage') },
      { path: '/support', lazy: page(() => import('@/features/landing/components/info-pages'), 'SupportPage') },
      { path: '/zuum-news', lazy: page(() => import('@/features/landing/components/info-pages'), 'NewsPage') },
      { path: '/auth/google/*', lazy: page(() => import('@/features/auth/components/google-callback-page'), 'GoogleCallbackPage') },
      // A licence's verification URL: anyone may open it, signed in or not.
      { path: '/licences/:number', lazy: page(() => import('@/features/beats/components/licence-page'), 'LicencePage') },
      {
        lazy: page(() => import('./signed-in-layout'), 'SignedInLayout'),
        children: [
          { path: '/home', lazy: page(() => import('@/features/home/components/home-page'), 'HomePage') },
          { path: '/search', lazy: page(() => import('@/features/search/components/search-page'), 'SearchPage') },
          { path: '/profile', lazy: page(() => import('@/features/profile/components/own-profile-page'), 'OwnProfilePage') },
          { path: '/profile/:userId', lazy: page(() => import('@/features/profile/components/public-profile-page'), 'PublicProfilePage') },
          { path: '/editprofile', lazy: page(() => import('@/features/profile/components/edit-profile-page'), 'EditProfilePage') },
          { path: '/settings', lazy: page(() => import('@/features/settings/components/settings-page'), 'SettingsPage') },
          { path: '/add', lazy: page(() => import('@/features/upload/components/add-page'), 'AddPage') },
          { path: '/addmusic', lazy: page(() => import('@/features/upload/components/audio-upload-page'), 'AudioUploadPage') },
          { path: '/addvideo', lazy: page(() => import('@/features/upload/components/video-upload-page'), 'VideoUploadPage') },
          { path: '/addpaybeat', lazy: page(() => import('@/features/upload/components/beat-upload-page'), 'BeatUploadPage') },
          { path: '/addbeat', lazy: page(() => import('@/features/upload/components/beat-upload-page'), 'BeatUploadPage') },
          { path: '/beats', lazy: page(() => import('@/features/beats/components/beat-list-pages'), 'BeatsPage') },
          { path: '/beats/:id', lazy: page(() => import('@/features/beats/components/beat-page'), 'BeatPage') },
          { path: '/userbeats/:userId', lazy: page(() => import('@/features/beats/components/beat-list-pages'), 'UserBeatsPage') },
          { path: '/purchasedbeats', lazy: page(() => import('@/features/beats/components/library-page'), 'LibraryPage') },
          { path: '/dashboard', lazy: page(() => import('@/features/wallet/components/dashboard-page'), 'DashboardPage') },
          { path: '/subscribe', lazy: page(() => import('@/features/subscription/components/subscribe-page'), 'SubscribePage') },
          { path: '/subscription', lazy: page(() => import('@/features/subscription/components/subscription-page'), 'SubscriptionPage') },
          { path: '/activity', lazy: page(() => import('@/features/notifications/components/notifications-page'), 'NotificationsPage') },
          { path: '/all', lazy: page(() => import('@/features/follow/components/following-page'), 'FollowingPage') },
          { path: '/music/:postId', lazy: page(() => import('@/features/posts/components/audio-post-page'), 'AudioPostPage') },
          { path: '/shared-audio/:shareId', lazy: page(() => import('@/features/posts/components/shared-audio-page'), 'SharedAudioPage') },
          { path: '/videos/:id', lazy: page(() => import('@/features/posts/components/video-page'), 'VideoPage') },
          { path: '/video/:id', lazy: page(() => import('@/features/posts/components/video-page'), 'VideoPage') },
          // The Message tab's /message and the spec's /messages are the same list.
          { path: '/messages', lazy: page(() => import('@/features/chat/components/messages-page'), 'MessagesPage') },
          { path: '/message', lazy: page(() => import('@/features/chat/components/messages-page'), 'MessagesPage') },
          { path: '/chat/:roomId', lazy: page(() => import('@/features/chat/components/chat-page'), 'ChatPage') },
          { path: '/distribution', lazy: page(() => import('@/features/distribution/components/distribution-page'), 'DistributionPage') },
          { path: '/distribution/releases', lazy: page(() => import('@/features/distribution/components/my-releases-page'), 'MyReleasesPage') },
          { path: '/creator-hub', lazy: page(() => import('@/features/promotion/components/creator-hub-page'), 'CreatorHubPage') },
          { path: '/promotion', lazy: page(() => import('@/features/promotion/components/promote-page'), 'PromotePage') },
          { path: '/global', lazy: page(() => import('@/features/promotion/components/global-page'), 'GlobalPage') },
          { path: '/req', lazy: page(() => import('@/features/promotion/components/requirements-page'), 'RequirementsPage') },
          { path: '/user/promotions', lazy: page(() => import('@/features/promotion/components/my-promotions-page'), 'MyPromotionsPage') },
          { path: '/jet', lazy: page(() => import('@/features/posts/components/instant-share-page'), 'InstantSharePage') },
          { path: '/lock', lazy: page(() => import('@/features/beats/components/preview-card-pages'), 'LockPage') },
          { path: '/details', lazy: page(() => import('@/features/beats/components/preview-card-pages'), 'DetailsPage') },
        ],
      },
      // The admin area (spec §2 Admin): its own sign-in screens and, behind the admin guard, its shell.
      { path: '/adlog', lazy: page(() => import('@/features/admin/components/admin-login-page'), 'AdminLoginPage') },
      { path: '/adsin', lazy: page(() => import('@/features/admin/components/admin-signup-page'), 'AdminSignupPage') },
      { path: '/admin/signup', lazy: page(() => import('@/features/admin/components/admin-signup-page'), 'AdminSignupPage') },
      { path: '/adver', lazy: page(() => import('@/features/admin/components/admin-verify-page'), 'AdminVerifyPage') },
      { path: '/admin/forgot-password', lazy: page(() => import('@/features/admin/components/admin-forgot-page'), 'AdminForgotPage') },
      {
        lazy: page(() => import('@/features/admin/components/require-admin'), 'RequireAdmin'),
        children: [
          {
            lazy: page(() => import('@/features/admin/components/admin-shell'), 'AdminShell'),
            children: [
              { path: '/users', lazy: page(() => import('@/features/admin/components/users-page'), 'UsersPage') },
              { path: '/admin', lazy: page(() => import('@/features/admin/components/users-page'), 'UsersPage') },
              { path: '/admin/users', lazy: page(() => import('@/features/admin/components/users-page'), 'UsersPage') },
              { path: '/admin/queues', lazy: page(() => import('@/features/admin/components/queues-page'), 'QueuesPage') },
              { path: '/admin/audit', lazy: page(() => import('@/features/admin/components/audit-page'), 'AuditPage') },
              { path: '/admin/ledger', lazy: page(() => import('@/features/admin/components/ledger-page'), 'LedgerPage') },
              { path: '/admin/*', element: <NotFound /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
