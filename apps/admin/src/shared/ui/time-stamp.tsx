import { formatDate, formatDateTime } from '../format/date-time.format';

export function TimeStamp({ iso, dateOnly = false }: { iso: string; dateOnly?: boolean }) {
  return (
    <time dateTime={iso} title={iso} className="whitespace-nowrap tabular-nums">
      {dateOnly ? formatDate(iso) : formatDateTime(iso)}
    </time>
  );
}
