import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { configureApiClient } from '@/lib/api-client';
import '@/styles/tokens.css';
import '@/styles/app.css';

/** Reads /config.json, checks it, points the API client at it, then renders. */
async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    configureApiClient(await loadRuntimeConfig());
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
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
