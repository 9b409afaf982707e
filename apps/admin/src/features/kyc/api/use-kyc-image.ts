import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { fetchKycImage } from './kyc-image.api';

export type KycImageState =
  | { status: 'loading' }
  | { status: 'ready'; url: string; type: string }
  | { status: 'failed'; message: string };

/**
 * One image of a submission as an object URL, revoked when the image changes or the component
 * unmounts (an identity document should not outlive the screen that showed it).
 */
export function useKycImage(
  submissionId: number,
  fileId: number,
): KycImageState & { retry: () => void } {
  const [state, setState] = useState<KycImageState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    setState({ status: 'loading' });
    fetchKycImage(submissionId, fileId, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url, type: blob.type });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'failed',
          message: isApiError(error) ? error.message : String(error),
        });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [submissionId, fileId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
