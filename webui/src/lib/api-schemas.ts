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

/** GET /payment/create: money, so checked; null when there are none yet. */
export const paymentDetailsSchema = documented<ApiAnswer<'/payment/create', 'get'>>()(
  z.nullable(
    z.looseObject({
      paymentLink: z.optional(z.string()),
      status: z.optional(z.string()),
      message: z.optional(z.string()),
      amount: z.optional(z.number()),
    }),
  ),
);
