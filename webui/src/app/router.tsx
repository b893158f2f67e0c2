import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFound } from '@/components/layouts/not-found';
import { paths, patterns } from '@/config/paths';
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
      { path: paths.landing, lazy: page(() => import('@/features/landing/components/landing-page'), 'LandingPage') },
      { path: paths.start, lazy: page(() => import('@/features/auth/components/role-choice-page'), 'RoleChoicePage') },
      { path: paths.signup, lazy: page(() => import('@/features/auth/components/signup-page'), 'SignupPage') },
      { path: paths.verify, lazy: page(() => import('@/features/auth/components/verify-page'), 'VerifyPage') },
      { path: paths.login, lazy: page(() => import('@/features/auth/components/login-page'), 'LoginPage') },
      { path: paths.forgot, lazy: page(() => import('@/features/auth/components/forgot-page'), 'ForgotPage') },
      { path: paths.reset, lazy: page(() => import('@/features/auth/components/reset-page'), 'ResetPage') },
      { path: paths.about, lazy: page(() => import('@/features/landing/components/info-pages'), 'AboutPage') },
      { path: paths.contact, lazy: page(() => import('@/features/landing/components/info-pages'), 'ContactPage') },
      { path: paths.faq, lazy: page(() => import('@/features/landing/components/info-pages'), 'FaqPage') },
      { path: paths.support, lazy: page(() => import('@/features/landing/components/info-pages'), 'SupportPage') },
      { path: paths.news, lazy: page(() => import('@/features/landing/components/info-pages'), 'NewsPage') },
      { path: patterns.googleCallback, lazy: page(() => import('@/features/auth/components/google-callback-page'), 'GoogleCallbackPage') },
      // A licence's verification URL: anyone may open it, signed in or not.
      { path: patterns.licence, lazy: page(() => import('@/features/beats/components/licence-page'), 'LicencePage') },
      {
        lazy: page(() => import('./signed-in-layout'), 'SignedInLayout'),
        children: [
          { path: paths.home, lazy: page(() => import('@/features/home/components/home-page'), 'HomePage') },
          { path: paths.search, lazy: page(() => import('@/features/search/components/search-page'), 'SearchPage') },
          { path: paths.ownProfile, lazy: page(() => import('@/features/profile/components/own-profile-page'), 'OwnProfilePage') },
          { path: patterns.profile, lazy: page(() => import('@/features/profile/components/public-profile-page'), 'PublicProfilePage') },
          { path: paths.editProfile, lazy: page(() => import('@/features/profile/components/edit-profile-page'), 'EditProfilePage') },
          { path: paths.settings, lazy: page(() => import('@/features/settings/components/settings-page'), 'SettingsPage') },
          { path: paths.add, lazy: page(() => import('@/features/upload/components/add-page'), 'AddPage') },
          { path: paths.addMusic, lazy: page(() => import('@/features/upload/components/audio-upload-page'), 'AudioUploadPage') },
          { path: paths.addVideo, lazy: page(() => import('@/features/upload/components/video-upload-page'), 'VideoUploadPage') },
          { path: paths.addPaidBeat, lazy: page(() => import('@/features/upload/components/beat-upload-page'), 'BeatUploadPage') },
          { path: paths.addBeat, lazy: page(() => import('@/features/upload/components/beat-upload-page'), 'BeatUploadPage') },
          { path: paths.beats, lazy: page(() => import('@/features/beats/components/beat-list-pages'), 'BeatsPage') },
          { path: patterns.beat, lazy: page(() => import('@/features/beats/components/beat-page'), 'BeatPage') },
          { path: patterns.userBeats, lazy: page(() => import('@/features/beats/components/beat-list-pages'), 'UserBeatsPage') },
          { path: paths.library, lazy: page(() => import('@/features/beats/components/library-page'), 'LibraryPage') },
          { path: paths.dashboard, lazy: page(() => import('@/features/wallet/components/dashboard-page'), 'DashboardPage') },
          { path: paths.subscribe, lazy: page(() => import('@/features/subscription/components/subscribe-page'), 'SubscribePage') },
          { path: paths.subscription, lazy: page(() => import('@/features/subscription/components/subscription-page'), 'SubscriptionPage') },
          { path: paths.activity, lazy: page(() => import('@/features/notifications/components/notifications-page'), 'NotificationsPage') },
          { path: paths.following, lazy: page(() => import('@/features/follow/components/following-page'), 'FollowingPage') },
          { path: patterns.music, lazy: page(() => import('@/features/posts/components/audio-post-page'), 'AudioPostPage') },
          { path: patterns.sharedAudio, lazy: page(() => import('@/features/posts/components/shared-audio-page'), 'SharedAudioPage') },
          { path: patterns.videos, lazy: page(() => import('@/features/posts/components/video-page'), 'VideoPage') },
          { path: patterns.video, lazy: page(() => import('@/features/posts/components/video-page'), 'VideoPage') },
          // The Message tab's /message and the spec's /messages are the same list.
          { path: paths.messages, lazy: page(() => import('@/features/chat/components/messages-page'), 'MessagesPage') },
          { path: paths.message, lazy: page(() => import('@/features/chat/components/messages-page'), 'MessagesPage') },
          { path: patterns.chat, lazy: page(() => import('@/features/chat/components/chat-page'), 'ChatPage') },
          { path: paths.distribution, lazy: page(() => import('@/features/distribution/components/distribution-page'), 'DistributionPage') },
          { path: paths.releases, lazy: page(() => import('@/features/distribution/components/my-releases-page'), 'MyReleasesPage') },
          { path: paths.creatorHub, lazy: page(() => import('@/features/promotion/components/creator-hub-page'), 'CreatorHubPage') },
          { path: paths.promotion, lazy: page(() => import('@/features/promotion/components/promote-page'), 'PromotePage') },
          { path: paths.global, lazy: page(() => import('@/features/promotion/components/global-page'), 'GlobalPage') },
          { path: paths.requirements, lazy: page(() => import('@/features/promotion/components/requirements-page'), 'RequirementsPage') },
          { path: paths.myPromotions, lazy: page(() => import('@/features/promotion/components/my-promotions-page'), 'MyPromotionsPage') },
          { path: paths.instantShare, lazy: page(() => import('@/features/posts/components/instant-share-page'), 'InstantSharePage') },
          { path: paths.lock, lazy: page(() => import('@/features/beats/components/preview-card-pages'), 'LockPage') },
          { path: paths.details, lazy: page(() => import('@/features/beats/components/preview-card-pages'), 'DetailsPage') },
        ],
      },
      // The admin area (spec §2 Admin): its own sign-in screens and, behind the admin guard, its shell.
      { path: paths.adminLogin, lazy: page(() => import('@/features/admin/components/admin-login-page'), 'AdminLoginPage') },
      { path: paths.adminSignup, lazy: page(() => import('@/features/admin/components/admin-signup-page'), 'AdminSignupPage') },
      { path: paths.adminRegister, lazy: page(() => import('@/features/admin/components/admin-signup-page'), 'AdminSignupPage') },
      { path: paths.adminVerify, lazy: page(() => import('@/features/admin/components/admin-verify-page'), 'AdminVerifyPage') },
      { path: paths.adminForgot, lazy: page(() => import('@/features/admin/components/admin-forgot-page'), 'AdminForgotPage') },
      {
        lazy: page(() => import('@/features/admin/components/require-admin'), 'RequireAdmin'),
        children: [
          {
            lazy: page(() => import('@/features/admin/components/admin-shell'), 'AdminShell'),
            children: [
              { path: paths.users, lazy: page(() => import('@/features/admin/components/users-page'), 'UsersPage') },
              { path: paths.admin, lazy: page(() => import('@/features/admin/components/users-page'), 'UsersPage') },
              { path: paths.adminUsers, lazy: page(() => import('@/features/admin/components/users-page'), 'UsersPage') },
              { path: paths.adminQueues, lazy: page(() => import('@/features/admin/components/queues-page'), 'QueuesPage') },
              { path: paths.adminAudit, lazy: page(() => import('@/features/admin/components/audit-page'), 'AuditPage') },
              { path: paths.adminLedger, lazy: page(() => import('@/features/admin/components/ledger-page'), 'LedgerPage') },
              { path: patterns.adminNotFound, element: <NotFound /> },
            ],
          },
        ],
      },
      { path: patterns.notFound, element: <NotFound /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
