/** Why a call failed: the server said no, the network failed, it took too long, or the reply broke the contract. */
export type ApiFailure = 'server' | 'network' | 'timeout' | 'contract' | 'aborted';

export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly failure: ApiFailure,
    /** The envelope's code for a server refusal; 0 otherwise. */
    readonly code: number,
    message: string,
    readonly fields: readonly FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get aborted(): boolean {
    return this.failure === 'aborted';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
