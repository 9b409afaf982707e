import { t } from '../../../i18n/translate';

/** The entry's detail object, collapsed to one line until opened. */
export function AuditDetail({ detail }: { detail: Record<string, unknown> }) {
  const keys = Object.keys(detail);
  if (keys.length === 0) return <span className="text-muted">—</span>;
  const json = JSON.stringify(detail, null, 2);
  return (
    <details className="group max-w-md">
      <summary className="cursor-pointer truncate font-mono text-xs text-muted marker:text-muted group-open:text-fg">
        {keys.join(', ')}
      </summary>
      <pre
        dir="ltr"
        className="mt-1 max-h-64 overflow-auto rounded bg-raised p-2 font-mono text-xs whitespace-pre-wrap break-all"
        aria-label={t('audit.detail')}
      >
        {json}
      </pre>
    </details>
  );
}
