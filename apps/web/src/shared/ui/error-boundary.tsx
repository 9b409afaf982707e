import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Icon } from './icons';

function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mx-auto my-10 flex max-w-md flex-col items-center gap-3 rounded-xl border border-line bg-surface px-6 py-10 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger">
        <Icon name="alert" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">{t('errorBoundary.title')}</h2>
      <p className="text-sm text-muted">{t('errorBoundary.body')}</p>
      <Button onClick={onRetry}>{t('actions.retry')}</Button>
    </div>
  );
}

function isChunkLoadError(error: Error | null): boolean {
  return (
    error !== null &&
    (/dynamically imported module|Importing a module script failed|chunk/i.test(error.message) ||
      error.name === 'ChunkLoadError')
  );
}

/**
 * Catches a render failure (or a chunk that failed to load) below it and offers a retry instead
 * of a blank page. `resetKey` (the route) clears the error when the user navigates away.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string; fallback?: (retry: () => void) => ReactNode },
  { error: Error | null; key: string | undefined }
> {
  override state: { error: Error | null; key: string | undefined } = {
    error: null,
    key: this.props.resetKey,
  };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { resetKey?: string },
    state: { error: Error | null; key: string | undefined },
  ) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('render failed', error, info.componentStack);
  }

  private readonly retry = () => {
    // A lazily loaded chunk that failed stays failed in React.lazy's cache (and may be gone after
    // a deploy): only a reload fetches it again.
    if (isChunkLoadError(this.state.error)) window.location.reload();
    else this.setState({ error: null });
  };

  override render() {
    if (this.state.error) {
      return this.props.fallback ? (
        this.props.fallback(this.retry)
      ) : (
        <ErrorFallback onRetry={this.retry} />
      );
    }
    return this.props.children;
  }
}
