import { requiredText, z } from '@/lib/validation';

/**
 * The runtime configuration served as /config.json next to the built app, so one build
 * serves the local cloud, LocalStack and AWS: only this file differs between them.
 */
export const runtimeConfigSchema = z.object({
  apiEndpoint: requiredText('apiEndpoint is required'),
  region: requiredText('region is required'),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** The checked configuration with the API endpoint made absolute. */
export type AppConfig = { apiUrl: string; region: string };

/** Turns "/api" (or an absolute URL) into an absolute URL without a trailing slash. */
export function resolveApiUrl(apiEndpoint: string, origin: string): string {
  return new URL(apiEndpoint, origin).href.replace(/\/+$/, '');
}

/** Fetches and checks /config.json; throws a readable Error when it is missing or invalid. */
export async function loadRuntimeConfig(origin = window.location.origin): Promise<AppConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) {
    throw new Error(`Could not load /config.json (HTTP ${response.status}).`);
  }
  const parsed = runtimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    throw new Error(`Invalid /config.json: ${parsed.error.issues.map((i) => i.message).join(', ')}`);
  }
  return { apiUrl: resolveApiUrl(parsed.data.apiEndpoint, origin), region: parsed.data.region };
}
