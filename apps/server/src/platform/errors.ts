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
