/**
 * The runtime configuration, so one build serves the local cloud, LocalStack and AWS. The server
 * writes it into index.html as `<script id="zuum-config" type="application/json">` (the CDN
 * stand-in and the deploy both do), so the app starts without a request; the Vite dev server,
 * which serves index.html as written, has it as /config.json instead.
 */
export type RuntimeConfig = { apiEndpoint: string; region: string };

/** The checked configuration with the API endpoint made absolute. */
export type AppConfig = { apiUrl: string; region: string };

/** The id of the inlined configuration's element in index.html. */
export const CONFIG_ELEMENT_ID = 'zuum-config';

/** Turns "/api" (or an absolute URL) into an absolute URL without a trailing slash. */
export function resolveApiUrl(apiEndpoint: string, origin: string): string {
  return new URL(apiEndpoint, origin).href.replace(/\/+$/, '');
}

/**
 * The messages of what is wrong with a configuration, none when it is usable: both fields must
 * be text that is not blank.
 */
export function configProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['the configuration must be a JSON object'];
  const fields = value as Record<string, unknown>;
  return (['apiEndpoint', 'region'] as const)
    .filter((name) => typeof fields[name] !== 'string' || !fields[name].trim())
    .map((name) => `${name} is required`);
}

/** Checks a parsed configuration; `source` names where it came from in the error. */
export function checkRuntimeConfig(value: unknown, source: string, origin: string): AppConfig {
  const problems = configProblems(value);
  if (problems.length) throw new Error(`Invalid ${source}: ${problems.join(', ')}`);
  const config = value as RuntimeConfig;
  return { apiUrl: resolveApiUrl(config.apiEndpoint.trim(), origin), region: config.region.trim() };
}

/**
 * The configuration inlined in the page, checked; null when the page has none (the dev server).
 * Throws a readable Error when it is there but not valid JSON or not a usable configuration.
 */
export function readInlineConfig(doc: Document = document, origin = window.location.origin): AppConfig | null {
  const element = doc.getElementById(CONFIG_ELEMENT_ID);
  if (!element) return null;
  let value: unknown;
  try {
    value = JSON.parse(element.textContent ?? '');
  } catch {
    throw new Error('Invalid configuration in the page: it is not JSON.');
  }
  return checkRuntimeConfig(value, 'configuration in the page', origin);
}

/** Fetches and checks /config.json; throws a readable Error when it is missing or invalid. */
export async function fetchRuntimeConfig(origin = window.location.origin): Promise<AppConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) {
    throw new Error(`Could not load /config.json (HTTP ${response.status}).`);
  }
  let value: unknown;
  try {
    value = await response.json();
  } catch {
    throw new Error('Invalid /config.json: it is not JSON.');
  }
  return checkRuntimeConfig(value, '/config.json', origin);
}

/**
 * The configuration: the page's own when it carries one (no request), else /config.json.
 * Synchronous in the first case, so main.tsx renders in the same task.
 */
export function loadRuntimeConfig(doc: Document = document, origin = window.location.origin): AppConfig | Promise<AppConfig> {
  return readInlineConfig(doc, origin) ?? fetchRuntimeConfig(origin);
}

let current: AppConfig | null = null;

/** Keeps the checked configuration for the API client, which reads it on its first call. */
export function setAppConfig(config: AppConfig): void {
  current = config;
}

/** The configuration main.tsx kept, or null before start. */
export function currentAppConfig(): AppConfig | null {
  return current;
}
