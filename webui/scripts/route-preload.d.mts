// Types of route-preload.mjs, for vite.config.ts (checked by tsc -b).
import type { Plugin } from 'vite';

export function routeFiles(bundle: Record<string, unknown>, modules: string[]): string[];
export function preloadScript(routes: Record<string, string[]>, base?: string): string;
export function routePreload(routes: Record<string, string[]>): Plugin;
