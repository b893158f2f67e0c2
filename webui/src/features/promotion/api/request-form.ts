/**
 * The Promotion Requirements form (/req, spec part 2 §2, §3, §5): its types, the platforms each
 * type offers (§9 gives their counts; the outlets are ours to name) and the checks on submit.
 */
import * as z from 'zod/mini';
import { checkFile, fileSchema } from '@/features/upload/api/file-rules';
import { firstErrors } from '@/lib/form-errors';
import { URL_TEXT, isWebUrl } from '@/lib/web-url';

export const REQUEST_TYPES = [
  { value: 'print', label: 'Print Media' },
  { value: 'tv', label: 'TV Promotion' },
  { value: 'radio', label: 'Radio' },
  { value: 'digital', label: 'Digital' },
  { value: 'charts', label: 'Charts' },
  { value: 'playlist', label: 'Playlist' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'tiktok', label: 'TikTok' },
] as const;

export type RequestType = (typeof REQUEST_TYPES)[number]['value'];

/** Spec part 2 §9: print 19, tv 14, radio 11, digital 12, charts 3, playlist 5; youtube and tiktok by tier. */
export const PLATFORMS: Record<RequestType, readonly string[]> = {
  print: [
    'Punch', 'Vanguard', 'The Guardian', 'ThisDay', 'The Nation', 'Daily Trust', 'Nigerian Tribune',
    'Leadership', 'The Sun', 'BusinessDay', 'Premium Times', 'Daily Post', 'Pulse Nigeria', 'Legit.ng',
    'BellaNaija', 'NotJustOk', 'TooXclusive', 'Naijaloaded', 'Independent',
  ],
  tv: [
    'Soundcity TV (5 spots)', 'Soundcity TV (10 spots)', 'Trace Naija (5 spots)', 'Trace Naija (10 spots)',
    'MTV Base (5 spots)', 'MTV Base (10 spots)', 'HipTV (5 spots)', 'HipTV (10 spots)', 'Channels TV (5 spots)',
    'Channels TV (10 spots)', 'AIT (5 spots)', 'AIT (10 spots)', 'NTA (5 spots)', 'NTA (10 spots)',
  ],
  radio: [
    'Cool FM', 'Wazobia FM', 'Beat FM', 'Soundcity Radio', 'Nigeria Info', 'Naija FM', 'Rhythm FM',
    'Classic FM', 'Smooth FM', 'City FM', 'Inspiration FM',
  ],
  digital: [
    'Instagram blogs', 'X (Twitter) influencers', 'Facebook pages', 'Audiomack feature', 'Boomplay feature',
    'Music blogs', 'Newsletter feature', 'Podcast mention', 'Snapchat stories', 'WhatsApp channels',
    'Telegram channels', 'Online magazines',
  ],
  charts: ['Billboard chart push', 'TurnTable Top 100', 'Apple Music Top 100 Nigeria'],
  playlist: ['Spotify curated', 'Apple Music curated', 'Audiomack curated', 'Boomplay curated', 'YouTube Music curated'],
  youtube: ['Normal Promotion', 'Mid Promotion', 'Wild Promotion', 'Mass Promotion'],
  tiktok: ['Mid Promotion', 'Wild Promotion', 'Mass Promotion'],
};

/** Spec part 2 §5: the message of each checked field. */
export const REQUEST_TEXTS = {
  promotionType: 'Please select a promotion type',
  contentLink: 'Content link is required',
  contactName: 'Name is required',
  contactEmail: 'Email is required',
  contactPhone: 'Phone is required',
  agreeTerms: 'You must agree to the terms',
} as const;

export type RequestValues = {
  promotionType: RequestType | '';
  selectedPlatforms: string[];
  contentLink: string;
  contentTitle: string;
  contentDescription: string;
  biography: string;
  targetCountries: string;
  preferredDates: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  company: string;
  agreeTerms: boolean;
};

export const emptyRequest: RequestValues = {
  promotionType: '',
  selectedPlatforms: [],
  contentLink: '',
  contentTitle: '',
  contentDescription: '',
  biography: '',
  targetCountries: '',
  preferredDates: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  company: '',
  agreeTerms: false,
};

export { URL_TEXT };

export type RequestErrors = Partial<Record<keyof typeof REQUEST_TEXTS, string>>;

const filled = (message: string) => z.refine<string>((value) => value.trim() !== '', { message, abort: true });

/**
 * The checks of spec part 2 §5, on submit: a message per missing field, and the content link a
 * web link by the server's rule ("Please enter a valid URL"); an attached image or video by the
 * upload rules. Platforms are labelled required but not enforced. Values go out as typed.
 */
export const requestFormSchema = z.object({
  promotionType: z.custom<RequestType | ''>().check(z.refine((type) => REQUEST_TYPES.some((t) => t.value === type), REQUEST_TEXTS.promotionType)),
  selectedPlatforms: z.array(z.string()),
  contentLink: z.string().check(filled(REQUEST_TEXTS.contentLink), z.refine((link) => isWebUrl(link.trim()), URL_TEXT)),
  contentTitle: z.string(),
  contentDescription: z.string(),
  biography: z.string(),
  targetCountries: z.string(),
  preferredDates: z.string(),
  contactName: z.string().check(filled(REQUEST_TEXTS.contactName)),
  contactEmail: z.string().check(filled(REQUEST_TEXTS.contactEmail)),
  contactPhone: z.string().check(filled(REQUEST_TEXTS.contactPhone)),
  company: z.string(),
  agreeTerms: z.boolean().check(z.refine((agreed) => agreed, REQUEST_TEXTS.agreeTerms)),
  image: fileSchema((file) => checkFile('image', file)),
  video: fileSchema((file) => checkFile('video', file)),
});

/** The form: the request's values and the files that go up before it. */
export type RequestForm = z.output<typeof requestFormSchema>;

export const emptyRequestForm: RequestForm = { ...emptyRequest, image: null, video: null };

/** The schema's messages for `values` without files, one per field. */
export function checkRequest(values: RequestValues): RequestErrors {
  const parsed = requestFormSchema.safeParse({ ...values, image: null, video: null });
  return parsed.success ? {} : (firstErrors<keyof RequestErrors>(parsed.error.issues) as RequestErrors);
}

/** Picking a platform again takes it off the list. */
export function togglePlatform(selected: readonly string[], platform: string): string[] {
  return selected.includes(platform) ? selected.filter((p) => p !== platform) : [...selected, platform];
}
