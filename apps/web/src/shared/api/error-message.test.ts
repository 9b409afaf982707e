import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/render-with-i18n';
import { ApiError } from './api-error';
import { apiErrorMessage } from './error-message';

describe('error messages', async () => {
  const i18n = await createTestI18n();
  const message = (error: unknown) => apiErrorMessage(error, i18n.t, (k) => i18n.exists(k));

  it('uses the catalogue message for a known code, with its parameters', () => {
    expect(message(new ApiError({ kind: 'http', code: 10092 }))).toBe('Insufficient balance.');
    expect(message(new ApiError({ kind: 'http', code: 10102, requestId: 'R-9' }))).toContain('R-9');
  });

  it("falls back to the server's message for a code the catalogue does not know", () => {
    expect(message(new ApiError({ kind: 'http', code: 19999, serverMessage: 'Later' }))).toBe(
      'Later',
    );
  });

  it('says "unknown" when there is no code, and for replies outside the contract', () => {
    const unknown = 'An unknown error occurred. Please try again.';
    expect(message(new ApiError({ kind: 'http', code: null, serverMessage: 'x' }))).toBe(unknown);
    expect(message(new ApiError({ kind: 'reply', code: 200 }))).toBe(unknown);
    expect(message(new Error('boom'))).toBe(unknown);
  });

  it('explains timeouts and lost connections', () => {
    expect(message(new ApiError({ kind: 'timeout' }))).toMatch(/check your order list/);
    expect(message(new ApiError({ kind: 'network' }))).toMatch(/internet connection/);
  });
});
