/**
 * The API's shapes, all read from functions/openapi.yaml through the generated `paths`
 * (openapi.gen.ts, `npm run gen:api`). Nothing here is written by hand but the names: every
 * alias below is a documented route's request or answer, so a route the document drops or
 * reshapes fails the type-check where the app uses it.
 */
import type { paths } from './openapi.gen';

/**
 * The document's paths as the client names them, relative to the API base that the runtime
 * configuration gives (".../api"): "/api/auth/login" and a server-relative "/auth/login" both become
 * "/auth/login".
 */
type Relative<P> = P extends `/api${infer Rest extends `/${string}`}` ? Rest : P;
export type ApiPaths = { [P in keyof paths as Relative<P>]: paths[P] };

export type ApiMethod = 'get' | 'post' | 'put' | 'delete';

/** The documented paths that answer `method`. */
export type ApiPath<M extends ApiMethod> = {
  [P in keyof ApiPaths]: ApiPaths[P] extends Record<M, object> ? P : never;
}[keyof ApiPaths];

/** The operation `method` on `path`. Distributes over a union of paths. */
export type ApiOperation<P, M extends ApiMethod> = P extends keyof ApiPaths
  ? ApiPaths[P] extends Record<M, infer O>
    ? O
    : never
  : never;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206 | '2XX';
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : R extends { content?: never } ? null : never;

/** What a success (2xx) of `method` on `path` answers; null for an answer without a body. */
export type ApiAnswer<P, M extends ApiMethod> =
  ApiOperation<P, M> extends { responses: infer R } ? JsonOf<R[keyof R & SuccessStatus]> : never;

type Content<O> = O extends { requestBody?: infer B } ? (NonNullable<B> extends { content: infer C } ? C : never) : never;

/** The request body `method` on `path` takes: its JSON, or FormData for multipart; never without one. */
export type ApiBody<P, M extends ApiMethod> =
  Content<ApiOperation<P, M>> extends infer C
    ? [C] extends [never]
      ? never
      : 'application/json' extends keyof C
        ? C['application/json']
        : 'multipart/form-data' extends keyof C
          ? FormData
          : never
    : never;

type ParamsIn<O, In extends 'path' | 'query'> = O extends { parameters: infer Ps }
  ? Ps extends { [K in In]?: infer X }
    ? NonNullable<X>
    : never
  : never;

export type ApiPathParams<P, M extends ApiMethod> = ParamsIn<ApiOperation<P, M>, 'path'>;
export type ApiQuery<P, M extends ApiMethod> = ParamsIn<ApiOperation<P, M>, 'query'>;

// ---- the names the features use ------------------------------------------------------------

/** GET /user/profile (and PUT, and login's `profile`): your own, with e-mail and phone number. */
export type OwnProfile = ApiAnswer<'/user/profile', 'get'>;

/** GET /user/profile/{id}: anyone's public view, with `is_following` for a signed-in viewer. */
export type PublicProfile = ApiAnswer<'/user/profile/{id}', 'get'>;

/** A profile as the screens show it, yours or someone else's: either of the two above. */
export type Profile = PublicProfile & Partial<Pick<OwnProfile, 'email' | 'phonenumber'>>;

/** An entry of a profile's followers or following preview, and of the follow lists. */
export type ProfileSummary = ApiAnswer<'/user/{id}/following', 'get'>['users'][number];

export type Identity = Profile['identity'];

/** Every list's paging: follow `next` for the following page. */
export type Pagination = ApiAnswer<'/feed', 'get'>['pagination'];

export type AudioPost = ApiAnswer<'/audio/{id}', 'get'>['post'];
export type VideoPost = ApiAnswer<'/video/{id}', 'get'>['post'];

/** A beat for sale (kind "beat"): price and supply beside the post's own fields. */
export type BeatPost = ApiAnswer<'/beat/{id}', 'get'>['post'];

/** A feed entry: an audio post, a beat for sale or a video; the feed skips kinds it does not know. */
export type FeedPost = ApiAnswer<'/feed', 'get'>['posts'][number];

type DocumentedComment = ApiAnswer<'/audio/{id}/comments', 'get'>['comments'][number];

export type Comment = DocumentedComment & {
  /** Client-only: shown before the server answers, or after it refused. */
  pending?: boolean;
  failed?: boolean;
};

export type AppNotification = ApiAnswer<'/notifications', 'get'>['notifications'][number];
export type NotificationKind = AppNotification['type'];

/** POST /uploads: a presigned S3 form POST. */
export type UploadTicket = ApiAnswer<'/uploads', 'post'>;

// ---- money: every answer below carries naira and is checked with zod (lib/api-schemas) -------

/** A licence bought: GET /beat/purchase (the library) and POST /beat/purchase's data.purchase. */
export type Purchase = ApiAnswer<'/beat/purchase', 'get'>['purchases'][number];

/** POST /beat/purchase/{id}/download: a short-lived URL of the full audio, one download spent. */
export type PurchaseDownload = ApiAnswer<'/beat/purchase/{id}/download', 'post'>;

/** GET /licences/{number}: anyone may check a licence. */
export type LicenceCheck = ApiAnswer<'/licences/{number}', 'get'>;

/** GET /wallet. */
export type Wallet = ApiAnswer<'/wallet', 'get'>;

/** A ledger entry of the wallet's history (GET /wallet/transactions, GET /wallet's recent). */
export type WalletEntry = ApiAnswer<'/wallet/transactions', 'get'>['transactions'][number];

/** The history's filter: every type, or one. */
export type WalletEntryType = NonNullable<ApiQuery<'/wallet/transactions', 'get'>['type']>;

/** GET /payment/deposit-account: the temporary account a deposit of its amount is paid into. */
export type DepositAccount = ApiAnswer<'/payment/deposit-account', 'get'>['data'];

/** GET /payment/deposit-account/permanent: the static account (any amount, any number of times). */
export type PermanentAccount = ApiAnswer<'/payment/deposit-account/permanent', 'get'>['data'];
