import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { apiErrorMessage } from '../../../shared/api/error-message';

/** The translated message for a failed call (catalogue `errors`, else the server's text). */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('profile');
  return (error) => apiErrorMessage(error, t, (key) => i18n.exists(key));
}

/** The business code of a failed call, when it has one. */
export function errorCode(error: unknown): number | null {
  return error instanceof ApiError ? error.code : null;
}
