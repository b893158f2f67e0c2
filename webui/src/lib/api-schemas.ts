import type { ApiAnswer, OwnProfile } from '@/types/api';
import { z } from './validation';

/**
 * Answers checked at run time instead of cast: the ones the session rests on (login, the
 * session probe, your own profile) and the ones that carry money. `api.get(path, { schema })`
 * refuses a body these schemas refuse with an UnexpectedAnswerError, which every error
 * catalogue shows as its "unexpected" text, instead of letting a half answer crash a screen.
 *
 * Each schema is tied to the document twice: the client only takes a schema whose output is
 * the documented answer's type, and `documented<T>()` below refuses, at compile time, a schema
 * that would reject an answer the document allows (a field it makes optional, say). So after
 * `npm run gen:api` the type-check names every schema that no longer matches.
 * Objects are loose: fields the document adds later pass through untouched.
 */
function documented<Doc>() {
  return <S extends z.ZodMiniType>(schema: S & ([Doc] extends [z.input<S>] ? unknown : 'refuses answers the API document allows')) =>
    schema;
}

const profileSummarySchema = z.looseObject({ id: z.string(), username: z.string(), image: z.string() });

/** Your own profile: GET and PUT /user/profile, and login's `profile`. */
export const profileSchema = documented<OwnProfile>()(
  z.looseObject({
    id: z.string(),
    username: z.string(),
    identity: z.enum(['artist', 'producer', 'record_label']),
    firstname: z.string(),
    middlename: z.string(),
    lastname: z.string(),
    email: z.string(),
    phonenumber: z.optional(z.string()),
    bio: z.string(),
    image: z.string(),
    cover_image: z.string(),
    is_admin: z.boolean(),
    followers_list: z.array(profileSummarySchema),
    following_list: z.array(profileSummarySchema),
    followers_count: z.number(),
    following_count: z.number(),
    subscription_status: z.string(),
    created_at: z.string(),
  }),
);

/** POST /auth/login. */
export const loginAnswerSchema = documented<ApiAnswer<'/auth/login', 'post'>>()(
  z.looseObject({ token: z.string(), profile: profileSchema }),
);

/** GET /auth/session: never a 401; signed_in says whether the cookie is a working session. */
export const sessionSchema = documented<ApiAnswer<'/auth/session', 'get'>>()(
  z.looseObject({ signed_in: z.boolean(), user_id: z.optional(z.string()) }),
);

/** Naira on the wire: a finite JSON number with at most two decimals (the server sends kobo / 100). */
export const naira = () =>
  z.number().check(z.refine((n) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'not naira with at most two decimals'));

const count = () => z.number().check(z.int(), z.nonnegative());

/**
 * GET /payment/create: your subscription plan (its monthly price by identity) and where the
 * subscription stands. Money, so checked.
 */
export const paymentDetailsSchema = documented<ApiAnswer<'/payment/create', 'get'>>()(
  z.looseObject({
    name: z.string(),
    amount: naira(),
    frequency: z.literal('monthly'),
    description: z.string(),
    features: z.array(z.string()),
    paymentLink: z.nullable(z.string()),
    expiresAt: z.nullable(z.string()),
    status: z.enum(['none', 'active', 'cancelled', 'expired']),
  }),
);

/** A cover's renditions, {width, url} ascending by width. */
const coverRenditions = () => z.array(z.looseObject({ width: count(), url: z.string() }));

// ---- money ------------------------------------------------------------------------------------

/** A beat for sale: its price and supply are what a purchase rests on. */
export const beatPostSchema = z.looseObject({
  id: z.string(),
  kind: z.literal('beat'),
  type: z.literal('beat'),
  profile_id: z.string(),
  username: z.string(),
  profile_picture: z.string(),
  image: z.string(),
  artist: z.string(),
  caption: z.string(),
  title: z.string(),
  description: z.string(),
  cover_photo: z.string(),
  cover_width: count(),
  cover_height: count(),
  cover_placeholder: z.string(),
  cover_renditions: coverRenditions(),
  audio_upload: z.string(),
  preview_url: z.string(),
  duration: z.number(),
  amount: naira(),
  price: naira(),
  total_supply: count(),
  total_buyers: count(),
  available: count(),
  likes: count(),
  reactions: count(),
  comments: count(),
  shares: count(),
  isLiked: z.boolean(),
  is_liked: z.boolean(),
  is_promoted: z.boolean(),
  plays_count: count(),
  created_at: z.string(),
});

/** GET /beat/{id}. */
export const beatEnvelopeSchema = documented<ApiAnswer<'/beat/{id}', 'get'>>()(z.looseObject({ post: beatPostSchema }));

const paginationSchema = z.looseObject({
  total: z.number(),
  totalPages: z.number(),
  currentPage: z.number(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
  next: z.nullable(z.string()),
});

/** GET /beat, /beat/user/{userId}, /beat/user-posts. */
export const beatListSchema = documented<ApiAnswer<'/beat', 'get'>>()(
  z.looseObject({ posts: z.array(beatPostSchema), pagination: paginationSchema }),
);

/** GET /terms: every price, fee, commission and minimum. */
export const termsSchema = documented<ApiAnswer<'/terms', 'get'>>()(
  z.looseObject({
    currency: z.literal('NGN'),
    deposit: z.looseObject({ minimum: naira() }),
    withdrawal: z.looseObject({ minimum: naira(), fee: naira() }),
    transfer: z.looseObject({ minimum: naira() }),
    beat: z.looseObject({ commission_percent: z.number().check(z.int(), z.gte(0), z.lte(100)), default_price: naira() }),
    promotion: z.looseObject({ price_per_7_days: naira(), days: z.array(z.number().check(z.int(), z.gte(1))) }),
    subscription: z.looseObject({ artist: naira(), producer: naira(), record_label: naira(), dev: naira() }),
    release_packages: z.array(z.looseObject({ id: z.enum(['none', 'basic', 'standard', 'premium']), name: z.string(), price: naira() })),
  }),
);

const purchaseSchema = z.looseObject({
  id: z.string(),
  post_id: z.string(),
  caption: z.string(),
  username: z.string(),
  cover_photo: z.string(),
  cover_width: count(),
  cover_height: count(),
  cover_placeholder: z.string(),
  cover_renditions: coverRenditions(),
  audio_upload: z.string(),
  full_audio: z.string(),
  amount: naira(),
  purchase_date: z.string(),
  genre: z.string(),
  downloads_remaining: count(),
  licence_number: z.string(),
});

/** POST /beat/purchase: "Purchase successful" and the purchase (its licence number, 5 downloads). */
export const purchaseAnswerSchema = documented<ApiAnswer<'/beat/purchase', 'post'>>()(
  z.looseObject({ message: z.literal('Purchase successful'), data: purchaseSchema }),
);

/** GET /beat/purchase: the library. */
export const purchaseListSchema = documented<ApiAnswer<'/beat/purchase', 'get'>>()(
  z.looseObject({ purchases: z.array(purchaseSchema), pagination: paginationSchema }),
);

/** GET /beat/{id}/purchase: your purchase of the beat, or null. */
export const beatOwnershipSchema = documented<ApiAnswer<'/beat/{id}/purchase', 'get'>>()(
  z.looseObject({ purchase: z.nullable(purchaseSchema) }),
);

/** POST /beat/purchase/{id}/download. */
export const downloadSchema = documented<ApiAnswer<'/beat/purchase/{id}/download', 'post'>>()(
  z.looseObject({ url: z.string(), expires_at: z.string(), downloads_remaining: count() }),
);

const walletEntrySchema = z.looseObject({
  id: z.string(),
  type: z.enum(['purchase', 'sale', 'deposit', 'transfer', 'withdrawal', 'fee', 'subscription']),
  amount: naira(),
  direction: z.enum(['in', 'out']),
  counterparty: z.string(),
  date: z.string(),
  status: z.enum(['completed', 'pending', 'failed']),
  reference: z.string(),
  link: z.nullable(z.looseObject({ kind: z.enum(['beat', 'profile']), id: z.string() })),
});

/** GET /wallet. */
export const walletSchema = documented<ApiAnswer<'/wallet', 'get'>>()(
  z.looseObject({
    balance: naira(),
    currency: z.literal('NGN'),
    recent: z.array(walletEntrySchema),
    totals: z.looseObject({ purchases: naira(), sales: naira(), deposits: naira() }),
  }),
);

/** GET /wallet/transactions. */
export const walletTransactionsSchema = documented<ApiAnswer<'/wallet/transactions', 'get'>>()(
  z.looseObject({ transactions: z.array(walletEntrySchema), pagination: paginationSchema }),
);

/** GET and POST /payment/deposit-account: the temporary account a deposit of `amount` goes to. */
const depositDetailsSchema = z.looseObject({
  accountNumber: z.string(),
  bankName: z.string(),
  reference: z.string(),
  amount: naira(),
  expiresAt: z.nullable(z.string()),
});

export const depositAccountSchema = documented<ApiAnswer<'/payment/deposit-account', 'get'>>()(z.looseObject({ data: depositDetailsSchema }));

export const openDepositAnswerSchema = documented<ApiAnswer<'/payment/deposit-account', 'post'>>()(
  z.looseObject({ data: depositDetailsSchema }),
);

/** GET and POST /payment/deposit-account/permanent: the static account; only the BVN's last 4 digits. */
export const permanentAccountSchema = documented<ApiAnswer<'/payment/deposit-account/permanent', 'get'>>()(
  z.looseObject({ data: z.looseObject({ accountNumber: z.string(), bankName: z.string(), bvnLast4: z.string() }) }),
);

/** POST /wallet/transfer. */
export const transferAnswerSchema = documented<ApiAnswer<'/wallet/transfer', 'post'>>()(
  z.looseObject({
    message: z.literal('Transfer successful'),
    data: z.looseObject({
      id: z.string(),
      amount: naira(),
      recipient: z.looseObject({ id: z.string(), username: z.string() }),
      status: z.literal('completed'),
    }),
  }),
);

/** POST /payment/withdrawal: 201 the pending withdrawal, or 202 the step-up code was mailed. */
export const withdrawalAnswerSchema = documented<ApiAnswer<'/payment/withdrawal', 'post'>>()(
  z.union([
    z.looseObject({
      data: z.looseObject({ tx_ref: z.string(), amount: naira(), fee: naira(), bank_name: z.string(), status: z.literal('pending') }),
    }),
    z.looseObject({ step_up: z.literal(true), message: z.string() }),
  ]),
);

/** GET /payment/subscription: a payment link for a month of the plan. */
export const subscriptionLinkSchema = documented<ApiAnswer<'/payment/subscription', 'get'>>()(
  z.looseObject({
    status: z.literal('pending'),
    message: z.string(),
    paymentLink: z.string(),
    expiresAt: z.string(),
    paymentDetails: z.looseObject({ name: z.string(), amount: naira(), frequency: z.literal('monthly') }),
  }),
);

const subscriptionStatus = () => z.enum(['none', 'active', 'cancelled', 'expired']);

/** POST /payment/subscription/wallet and /cancel: the subscription as it now stands. */
export const subscriptionChangedSchema = documented<ApiAnswer<'/payment/subscription/cancel', 'post'>>()(
  z.looseObject({
    message: z.string(),
    subscription: z.looseObject({
      status: subscriptionStatus(),
      plan: z.string(),
      amount: naira(),
      expiresAt: z.nullable(z.string()),
      renews: z.boolean(),
    }),
  }),
);

/** GET /payment/subscription/history: the billing history, from the ledger. */
export const subscriptionHistorySchema = documented<ApiAnswer<'/payment/subscription/history', 'get'>>()(
  z.looseObject({
    history: z.array(
      z.looseObject({
        id: z.string(),
        date: z.string(),
        amount: naira(),
        plan: z.string(),
        method: z.enum(['card', 'wallet', 'renewal']),
        status: z.enum(['completed', 'pending', 'failed']),
        reference: z.string(),
      }),
    ),
    pagination: paginationSchema,
  }),
);
