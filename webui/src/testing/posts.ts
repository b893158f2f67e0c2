import type { AudioPost, BeatPost, Comment, Pagination, VideoPost } from '@/types/api';

/** Posts, comments and paging as the API document gives them, for any feature's tests. */
export function page(overrides: Partial<Pagination> = {}): Pagination {
  return { total: 1, totalPages: 1, currentPage: 1, hasNext: false, hasPrev: false, next: null, ...overrides };
}

/** A post's cover fields when it has no renditions (a post from before them, or without a cover). */
const NO_RENDITIONS = { cover_width: 0, cover_height: 0, cover_placeholder: '', cover_renditions: [] };

export function audioPost(overrides: Partial<AudioPost> = {}): AudioPost {
  return {
    ...NO_RENDITIONS,
    id: 'a-1',
    kind: 'audio',
    type: 'music',
    profile_id: 'u-2',
    username: 'labelboss',
    profile_picture: '',
    artist: 'labelboss',
    caption: 'Lagos Nights',
    title: 'Lagos Nights',
    cover_photo: 'http://127.0.0.1:4566/zuum-media/covers/a-1.jpg',
    cover_width: 0,
    cover_height: 0,
    cover_placeholder: '',
    cover_renditions: [],
    audio_upload: 'http://127.0.0.1:4566/zuum-media/audio/a-1.mp3',
    duration: 30,
    spotify: 'https://open.spotify.com/track/1',
    apple_music: '',
    youtube_music: '',
    boomplay: 'https://boomplay.com/songs/1',
    audiomark: '',
    reactions: 4,
    comments: 2,
    shares: 1,
    isLiked: false,
    is_liked: false,
    is_promoted: false,
    plays_count: 0,
    created_at: '2025-01-15T10:00:00Z',
    ...overrides,
  };
}

export function videoPost(overrides: Partial<VideoPost> = {}): VideoPost {
  return {
    ...NO_RENDITIONS,
    id: 'v-1',
    kind: 'video',
    profile_id: 'u-2',
    username: 'labelboss',
    profile_picture: '',
    caption: 'Studio session',
    title: 'Studio session',
    location: '',
    public: true,
    tagged_people: [],
    video_upload: 'http://127.0.0.1:4566/zuum-media/video/v-1.mp4',
    video_url: 'http://127.0.0.1:4566/zuum-media/video/v-1.mp4',
    cover_photo: '',
    cover_width: 0,
    cover_height: 0,
    cover_placeholder: '',
    cover_renditions: [],
    duration: 12,
    audio: { name: 'Original audio - labelboss' },
    reactions: 7,
    comments: 0,
    shares: 3,
    isLiked: true,
    is_liked: true,
    is_promoted: false,
    plays_count: 0,
    created_at: '2025-01-15T10:00:00Z',
    ...overrides,
  };
}

/** A beat for sale as a non-owner reads it: audio_upload is the 10 s preview. */
export function beatPost(overrides: Partial<BeatPost> = {}): BeatPost {
  return {
    ...NO_RENDITIONS,
    id: 'b-1',
    kind: 'beat',
    type: 'beat',
    profile_id: 'u-2',
    username: 'labelboss',
    profile_picture: '',
    image: '',
    artist: 'labelboss',
    caption: 'Afro Drill',
    title: 'Afro Drill',
    description: 'Hard drums, dark keys.',
    cover_photo: 'http://127.0.0.1:4566/zuum-media/covers/b-1.jpg',
    cover_width: 0,
    cover_height: 0,
    cover_placeholder: '',
    cover_renditions: [],
    audio_upload: 'http://127.0.0.1:4566/zuum-media/media/b-1/preview.mp3',
    preview_url: 'http://127.0.0.1:4566/zuum-media/media/b-1/preview.mp3',
    duration: 95,
    amount: 999,
    price: 999,
    total_supply: 100,
    total_buyers: 3,
    available: 97,
    likes: 5,
    reactions: 5,
    comments: 1,
    shares: 0,
    isLiked: false,
    is_liked: false,
    is_promoted: false,
    plays_count: 0,
    created_at: '2025-01-15T10:00:00Z',
    ...overrides,
  };
}

export function comment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 'c-1',
    post_id: 'a-1',
    profile_id: 'u-3',
    username: 'fan_1',
    profile_picture: '',
    comment: 'Fire!',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    likes: 0,
    isLiked: false,
    ...overrides,
  };
}
