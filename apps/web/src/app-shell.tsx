import { useEffect, useState } from 'react';
import { fetchAndroidAppUrl } from './down-url.api';

function useAndroidAppUrl(): string | undefined {
  const [url, setUrl] = useState<string | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    // A missing or unreadable setting only hides the link; the shell itself must still render.
    fetchAndroidAppUrl(controller.signal).then(setUrl, () => setUrl(undefined));
    return () => controller.abort();
  }, []);
  return url;
}

export function AppShell() {
  const androidAppUrl = useAndroidAppUrl();
  return (
    <main
      style={{
        fontFamily: 'system-ui, sans-serif',
        maxInlineSize: '40rem',
        marginInline: 'auto',
        paddingBlock: '3rem',
        paddingInline: '1.5rem',
      }}
    >
      <h1 style={{ marginBlock: '0 0.5rem' }}>SWX</h1>
      <p style={{ marginBlock: '0 1.5rem' }}>Markets, trading, investing and loans</p>
      {androidAppUrl ? (
        <p>
          <a href={androidAppUrl} rel="noopener noreferrer">
            Android app
          </a>
        </p>
      ) : null}
    </main>
  );
}
