/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The local cloud serves the API and uploaded media on :8080 (make dev). */
const backend = process.env.ZUUM_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    rolldownOptions: {
      output: {
        // Libraries change less often than screens: cache them apart. zod (forms, and the checked
        // answers of src/lib/api-schemas) gets its own chunk.
        codeSplitting: {
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod/ },
            { name: 'vendor', test: /node_modules/ },
            { name: 'auth', test: /src[\\/]features[\\/]auth/ },
            { name: 'signed-in', test: /src[\\/](features[\\/](home|profile|settings)|components[\\/]ui)/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/public': { target: backend, changeOrigin: false },
      // The chat socket (same origin, so the session cookie goes with the upgrade).
      '/ws': { target: backend, changeOrigin: false, ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/*.test.mjs'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
