/** What a failed API call is, apart from the client that makes calls (so code that only inspects errors does not load Amplify). */

export type FieldError = { field: string; msg: string };

/** A failed call: HTTP status (0 when no response arrived), server message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldError[];

  constructor(status: number, message: string, fieldErrors: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/** Spec §5: server field errors are shown joined with " | ". */
export function joinFieldErrors(error: ApiError): string {
  return error.fieldErrors.map((e) => e.msg).join(' | ');
}

/**
 * A 2xx whose body is not what the API document says (checked where a zod schema is given: the
 * answers that carry the session or money). Its status is the response's, so the error
 * catalogues show their "unexpected" text for it; the message says what was wrong, for the console.
 */
export class UnexpectedAnswerError extends ApiError {
  constructor(status: number, route: string, issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
    const where = issues.map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`).join('; ');
    super(status, `Unexpected answer from ${route}: ${where}`);
    this.name = 'UnexpectedAnswerError';
  }
}
