import { useSyncExternalStore } from 'react';

/** Where the choice is kept: "on" or "off"; absent until the user picks, so the default applies. */
export const DATA_SAVER_KEY = 'zuum-data-saver';

/** The part of the Network Information API the default reads (Chromium has it; Safari, Firefox do not). */
export type NetworkInformationLike = { saveData?: boolean; effectiveType?: string } & Partial<Pick<EventTarget, 'addEventListener' | 'removeEventListener'>>;

const SLOW_TYPES = new Set(['slow-2g', '2g', '3g']);

/**
 * Data saver's default when the user has not chosen: on when the browser says the user asked to
 * save data, or the connection is 3G or slower; off when it says neither, or has no such API.
 */
export function dataSaverDefault(connection: NetworkInformationLike | undefined | null): boolean {
  if (!connection) return false;
  return connection.saveData === true || SLOW_TYPES.has(String(connection.effectiveType ?? ''));
}

/** The browser's Network Information, where it has one. */
export function connection(): NetworkInformationLike | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

function stored(): boolean | null {
  try {
    const value = localStorage.getItem(DATA_SAVER_KEY);
    return value === 'on' ? true : value === 'off' ? false : null;
  } catch {
    return null;
  }
}

/** Whether data saver is on now: the user's choice, else the connection's default. */
export function readDataSaver(): boolean {
  return stored() ?? dataSaverDefault(connection());
}

const listeners = new Set<() => void>();

/** The choice when storage refuses it (private mode): it lasts until the page closes. */
let memory: boolean | null = null;

/** Turns data saver on or off for this browser and tells every reader. */
export function setDataSaver(on: boolean): void {
  try {
    localStorage.setItem(DATA_SAVER_KEY, on ? 'on' : 'off');
  } catch {
    memory = on;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice arrives as a storage event.
  const onStorage = (e: StorageEvent) => {
    if (e.key === DATA_SAVER_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  // A connection that becomes slow (or fast) moves the default while the user has not chosen.
  const net = connection();
  net?.addEventListener?.('change', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    net?.removeEventListener?.('change', listener);
  };
}

const snapshot = () => memory ?? readDataSaver();

/** Data saver's state, following every change (this tab's and other tabs'). */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
