import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ErrorCatalogue } from '@/lib/error-message';

/** GET /user/export: everything Zuum holds about the signed-in user. */
export function exportData() {
  return api.get('/user/export');
}

/** The file name the download is saved under. */
export function exportFileName(username: string, now = new Date()): string {
  return `zuum-data-${username}-${now.toISOString().slice(0, 10)}.json`;
}

/** Hands the browser data as a JSON file to save. */
function saveJson(data: unknown, name: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches the export and saves it as a file. */
export function useExportData() {
  return useMutation({
    mutationFn: exportData,
    onSuccess: (data) => saveJson(data, exportFileName(data.profile.username)),
  });
}

export const exportErrors: ErrorCatalogue = {
  byStatus: { 401: 'Your session has ended. Please log in again.' },
  network: 'No response from server',
  fallback: 'Could not prepare your data. Please try again.',
};
