/** What is left, rounded up to the second: `m:ss` under an hour, `h:mm:ss` from an hour on. */
export function countdownText(ms: number): string {
  const left = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(left % 60)}` : `${minutes}:${pad(left % 60)}`;
}
