/** Sign-up identities (spec §1, §2): URL slug, value sent to the API, card text. */
export const roles = [
  {
    slug: 'record-label',
    identity: 'record_label',
    title: 'Record Label',
    blurb: 'Discover talent, sign artists and grow your roster.',
  },
  { slug: 'artist', identity: 'artist', title: 'Artist', blurb: 'Upload music and videos, reach fans, get spotted.' },
  { slug: 'producer', identity: 'producer', title: 'Producer', blurb: 'Sell beats and collaborate with artists.' },
] as const;

export type Role = (typeof roles)[number];

/** The role for a ?identity= value: hyphens and underscores both accepted. */
export function roleFromSlug(slug: string | null): Role | undefined {
  if (!slug) return undefined;
  const normalized = slug.trim().toLowerCase().replace(/_/g, '-');
  return roles.find((r) => r.slug === normalized);
}
