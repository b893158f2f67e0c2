import { startApp } from '@/app/start';
import { registerServiceWorker } from '@/lib/service-worker';
import '@/styles/tokens.css';
import '@/styles/app.css';

void startApp(document.getElementById('root')!).then(() => {
  // Production builds only: the dev server's modules are not hashed, so caching them would serve stale code.
  if (import.meta.env.PROD) registerServiceWorker();
});
