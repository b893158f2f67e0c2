import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig, setAppConfig, type AppConfig } from '@/config/runtime-config';
import { forgetLegacyToken } from '@/lib/token-storage';
import { App } from './app';

/**
 * Starts the app in `container`: forgets a token an older build stored, reads the runtime
 * configuration (inlined in the page, so no request; /config.json under the dev server), keeps
 * it for the API client, then renders. A missing or invalid configuration renders "Zuum could
 * not start" with what was wrong. With the inlined configuration the first render happens before
 * this returns.
 */
export async function startApp(container: HTMLElement, doc: Document = document): Promise<void> {
  const root = createRoot(container);
  forgetLegacyToken();
  let config: AppConfig;
  try {
    const loaded = loadRuntimeConfig(doc);
    config = loaded instanceof Promise ? await loaded : loaded;
  } catch (error) {
    console.error(error);
    root.render(
      <main className="center-screen">
        <h1>Zuum could not start</h1>
        <p>{error instanceof Error ? error.message : 'The app configuration could not be loaded.'}</p>
      </main>,
    );
    return;
  }
  setAppConfig(config);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
