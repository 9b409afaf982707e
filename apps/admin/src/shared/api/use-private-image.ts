import { useCallback, useEffect, useState } from 'react';
import { isApiError } from './api-error';
import { fetchPrivateImage } from './private-image';

export type PrivateImageState =
  | { status: 'loading' }
  | { status: 'ready'; url: string; type: string }
  | { status: 'failed'; message: string };

/**
 * A private image as an object URL, revoked when the path changes or the component unmounts (an
 * identity document or a payment proof should not outlive the screen that showed it).
 */
export function usePrivateImage(path: string): PrivateImageState & { retry: () => void } {
  const [state, setState] = useState<PrivateImageState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    setState({ status: 'loading' });
    fetchPrivateImage(path, controller.signal).then(
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
  }, [path, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
