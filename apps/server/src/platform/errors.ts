import { httpStatusOf, type ErrorCode } from '@swx/contract';

export interface FieldError {
  path: string;
  code: string;
  message: string;
}

/**
 * A business failure with its catalogue code. Services throw it; the HTTP layer turns it into the
 * envelope with the message in the caller's language and the status class of the code.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly fields: FieldError[] = [],
  ) {
    super(`error ${code}`);
    this.statusCode = httpStatusOf(code);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * Refuses staff input with 10100 when a rule found problems, each "path: message" becoming a
 * field error; does nothing when there are none.
 */
export function refuseProblems(problems: readonly string[]): void {
  if (problems.length === 0) return;
  throw new AppError(
    10100,
    {},
    problems.map((p) => {
      const [path = '', message = p] = p.split(': ');
      return { path, code: 'custom', message };
    }),
  );
}
