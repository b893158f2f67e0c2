import type { SearchPage, SearchPerson, SearchPost } from '../api/search';

type Of<K extends SearchPost['kind']> = Extract<SearchPost, { kind: K }>;

export function person(overrides: Partial<SearchPerson> = {}): SearchPerson {
  return {
    id: 'p-ada', username: 'ada_sings', firstname: 'Ada', lastname: 'Obi', identity: 'artist', image: '', followers_count: 12,
    ...overrides,
  };
}

const common = {
  profile_id: 'p-ada', username: 'ada_sings', profile_picture: '', reactions: 0, comments: 0, shares: 0,
  isLiked: false, is_liked: false, is_promoted: false, plays_count: 0, created_at: '2026-11-20T10:00:00Z', cover_photo: '', duration: 30,
  cover_width: 0, cover_height: 0, cover_placeholder: '', cover_renditions: [],
};

export function track(overrides: Partial<Of<'audio'>> = {}): Of<'audio'> {
  return {
    ...common, id: 't-1', kind: 'audio', type: 'music', artist: 'ada_sings', caption: 'Ada in Lagos', title: 'Ada in Lagos',
    audio_upload: '', spotify: '', apple_music: '', youtube_music: '', boomplay: '', audiomark: '',
    ...overrides,
  };
}

export function video(overrides: Partial<Of<'video'>> = {}): Of<'video'> {
  return {
    ...common, id: 'v-1', kind: 'video', caption: 'Ada live', title: 'Ada live', location: '', public: true, tagged_people: [],
    video_upload: '', video_url: '', audio: { name: 'Original audio - ada_sings' },
    ...overrides,
  };
}

export function beat(overrides: Partial<Of<'beat'>> = {}): Of<'beat'> {
  return {
    ...common, id: 'b-1', kind: 'beat', type: 'beat', image: '', artist: 'ada_sings', caption: 'Ada riddim', title: 'Ada riddim',
    description: '', audio_upload: '', preview_url: '', amount: 999, price: 999, total_supply: 100, total_buyers: 0,
    available: 100, likes: 0, is_promoted: false, plays_count: 0,
    ...overrides,
  };
}

/** A 200 answer of GET /search. */
export function results(people: SearchPerson[], posts: SearchPost[], next: string | null = null) {
  const body: SearchPage = { people, posts, pagination: { next, hasNext: next !== null, limit: 10 } };
  return { status: 200 as const, body };
}
