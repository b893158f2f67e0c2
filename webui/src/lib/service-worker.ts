/** The service worker's script, served from the site's root so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * The app's own hashed files this page has already loaded (its entry, styles and the current
 * screen's chunks): the service worker installs after they arrived, so it is handed the list to
 * cache, and the next visit paints from cache without asking the network for any of them.
 */
export function loadedAssets(origin = window.location.origin): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${origin}/assets/`));
}

/**
 * Registers the service worker (public/sw.js) once the page has loaded, so its install never
 * competes with the first paint, then hands it the assets already loaded. Does nothing where the
 * browser has no service workers (or the page is not a secure context).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL)
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage({ type: 'cache-assets', urls: loadedAssets() }))
      .catch((error: unknown) => console.warn('The service worker could not be registered:', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
