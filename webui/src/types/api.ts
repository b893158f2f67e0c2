/** Shapes the API returns (see functions/README.md and spec part 1 §3). */

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
  /** Another user's profile seen by a signed-in viewer: whether the viewer follows them. */
  is_following?: boolean;
};

/** Shape not shown at login; later uses read these fields (spec part 1 §3). */
export type PaymentDetails = {
  paymentLink?: string;
  status?: string;
  message?: string;
  amount?: number;
};

export type MessageResponse = { message: string };

/** Every list's paging (functions/README.md): follow `next` for the following page. */
export type Pagination = {
  total: number;
  totalPages: number;
  currentPage: number;
  hasNext: boolean;
  hasPrev: boolean;
  next: string | null;
};

type PostBase = {
  id: string;
  profile_id: string;
  username: string;
  profile_picture: string;
  caption: string;
  title: string;
  cover_photo: string;
  duration: number;
  reactions: number;
  comments: number;
  shares: number;
  isLiked: boolean;
  is_liked: boolean;
  created_at: string;
};

export type AudioPost = PostBase & {
  kind: 'audio';
  type: 'music' | 'beat';
  artist: string;
  audio_upload: string;
  spotify: string;
  apple_music: string;
  youtube_music: string;
  boomplay: string;
  audiomark: string;
};

export type VideoPost = PostBase & {
  kind: 'video';
  location: string;
  public: boolean;
  tagged_people: string[];
  video_upload: string;
  video_url: string;
  audio: { name: string };
};

/** Beats for sale join the audio feed with the commerce work; the feed must skip kinds it does not know. */
export type FeedPost = AudioPost | VideoPost | (PostBase & { kind: 'beat' } & Record<string, unknown>);

export type PostList<P> = { posts: P[]; pagination: Pagination };

export type Comment = {
  id: string;
  post_id: string;
  profile_id: string;
  username: string;
  profile_picture: string;
  comment: string;
  created_at: string;
  likes: number;
  isLiked: boolean;
  /** Client-only: shown before the server answers, or after it refused. */
  pending?: boolean;
  failed?: boolean;
};

export type NotificationKind = 'FOLLOW' | 'POST_AUDIO' | 'POST_VIDEO' | 'LIKE' | 'COMMENT';

export type AppNotification = {
  id: string;
  type: NotificationKind;
  name: string;
  message: string;
  timestamp: string;
  read: boolean;
  post_id: string;
  post_type: 'audio' | 'video' | 'beat' | '';
  action_user_id: string;
  action_user_image: string;
};

/** POST /uploads: a presigned S3 form POST. */
export type UploadTicket = {
  key: string;
  url: string;
  method: 'POST';
  fields: Record<string, string>;
  max_size: number;
  expires_at: string;
};
