import { ApiError, apiUrlFor } from '@/lib/api-client';

/**
 * GET /wallet/statement?from=&to= answers text/csv, which the JSON client does not read, so it
 * is fetched directly (same base and session cookie) and saved as a file.
 */
export async function fetchStatement(from: string, to: string): Promise<Blob> {
  const url = `${apiUrlFor('/wallet/statement')}?${new URLSearchParams({ from, to })}`;
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include' });
  } catch {
    throw new ApiError(0, 'No response from server');
  }
  if (!response.ok) {
    let message = '';
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // a body that is not JSON leaves the status to speak
    }
    throw new ApiError(response.status, message);
  }
  return response.blob();
}

export function statementFileName(from: string, to: string) {
  return `zuum-statement-${from}-to-${to}.csv`;
}
