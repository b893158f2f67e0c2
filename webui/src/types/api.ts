/** Shapes the API returns (see /tmp/zuum/api.md and spec part 1 §3). */

export type Identity = 'artist' | 'producer' | 'record_label' | (string & {});

export type ProfileSummary = { id: string; username: string; image: string };

export type Profile = {
  id: string;
  username: string;
  identity: Identity;
  firstname: string;
  middlename?: string;
  lastname: string;
  /** Only on your own profile. */
  email?: string;
  /** Only on your own profile. */
  phonenumber?: string;
  bio?: string;
  image?: string;
  cover_image?: string;
  is_admin?: boolean;
  followers_list?: Array<ProfileSummary | string>;
  following_list?: Array<ProfileSummary | string>;
  followers_count?: number;
  following_count?: number;
  subscription_status?: string;
  created_at?: string;
};

/** Shape not shown at login; later uses read these fields (spec part 1 §3). */
export type PaymentDetails = {
  paymentLink?: string;
  status?: string;
  message?: string;
  amount?: number;
};

export type MessageResponse = { message: string };
