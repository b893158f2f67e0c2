/**
 * Every page's path, once (spec §2). A link, a redirect or a navigation takes its path from
 * `paths`: a fixed page is a string, a page with a parameter a function that puts the value into
 * the path (encoded, so any id stays one segment). The route table (app/router.tsx) takes a fixed
 * page's path from `paths` and a parameterised page's pattern from `patterns`, beside it here.
 * scripts/bundle-size.mjs reads both objects' `name: '...'` literals: keep each path a literal.
 * An ESLint rule forbids path literals in links and navigations anywhere else in src/.
 */
const segment = encodeURIComponent;

/** The kinds of post with a page of their own. */
export type PostPageKind = 'audio' | 'video' | 'beat';

export const paths = {
  // Public pages
  landing: '/',
  start: '/start',
  signup: '/signup',
  /** The sign-up form for one role (the role choice's cards). */
  signupAs: (identity: string) => `/signup?identity=${segment(identity)}`,
  verify: '/verify',
  login: '/login',
  forgot: '/forgot',
  reset: '/reset',
  about: '/about',
  contact: '/contact',
  faq: '/faq',
  support: '/support',
  news: '/zuum-news',
  /** A licence's verification page: anyone may open it, signed in or not. */
  licence: (number: string) => `/licences/${segment(number)}`,

  // Signed-in pages
  home: '/home',
  search: '/search',
  ownProfile: '/profile',
  profile: (userId: string) => `/profile/${segment(userId)}`,
  editProfile: '/editprofile',
  settings: '/settings',
  add: '/add',
  addMusic: '/addmusic',
  addVideo: '/addvideo',
  addPaidBeat: '/addpaybeat',
  addBeat: '/addbeat',
  beats: '/beats',
  beat: (id: string) => `/beats/${segment(id)}`,
  userBeats: (userId: string) => `/userbeats/${segment(userId)}`,
  library: '/purchasedbeats',
  dashboard: '/dashboard',
  /** The dashboard with its deposit sheet open. */
  deposit: '/dashboard?deposit=1',
  subscribe: '/subscribe',
  subscription: '/subscription',
  activity: '/activity',
  following: '/all',
  /** An audio post's page. */
  music: (postId: string) => `/music/${segment(postId)}`,
  sharedAudio: (shareId: string) => `/shared-audio/${segment(shareId)}`,
  /** A video's page, as links inside the app write it. */
  videos: (id: string) => `/videos/${segment(id)}`,
  /** A video's page, as share links write it. */
  video: (id: string) => `/video/${segment(id)}`,
  /** A post's page as links inside the app write it: a track's, a video's or a beat's. */
  post: (kind: PostPageKind, id: string): string =>
    kind === 'video' ? paths.videos(id) : kind === 'beat' ? paths.beat(id) : paths.music(id),
  /** The spec's list of conversations; the Message tab's `message` is the same list. */
  messages: '/messages',
  message: '/message',
  chat: (roomId: string) => `/chat/${segment(roomId)}`,
  distribution: '/distribution',
  releases: '/distribution/releases',
  creatorHub: '/creator-hub',
  promotion: '/promotion',
  global: '/global',
  requirements: '/req',
  myPromotions: '/user/promotions',
  instantShare: '/jet',
  lock: '/lock',
  details: '/details',
  /** A beat's preview card, unlocked. */
  beatDetails: (beatId: string) => `/details?beat=${segment(beatId)}`,

  // The admin area
  adminLogin: '/adlog',
  adminSignup: '/adsin',
  adminRegister: '/admin/signup',
  adminVerify: '/adver',
  adminForgot: '/admin/forgot-password',
  users: '/users',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminQueues: '/admin/queues',
  adminAudit: '/admin/audit',
  adminLedger: '/admin/ledger',
} as const;

/** The route table's patterns of the pages `paths` builds with a parameter, and the catch-alls. */
export const patterns = {
  googleCallback: '/auth/google/*',
  licence: '/licences/:number',
  profile: '/profile/:userId',
  beat: '/beats/:id',
  userBeats: '/userbeats/:userId',
  music: '/music/:postId',
  sharedAudio: '/shared-audio/:shareId',
  videos: '/videos/:id',
  video: '/video/:id',
  chat: '/chat/:roomId',
  adminNotFound: '/admin/*',
  notFound: '*',
} as const;

