import type { SVGProps } from 'react';

/**
 * Icons only the account pages use, drawn like the kit's (24 px grid, currentColor, decorative).
 * Kept here rather than in shared/ui until a second feature needs them.
 */
const paths = {
  camera:
    'M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1zm8 9a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
  upload: 'M12 16V4m-5 5 5-5 5 5M5 20h14',
  copy: 'M9 9h10v11H9zM5 15H4V4h11v1',
  lock: 'M6 11h12v9H6zm2 0V8a4 4 0 1 1 8 0v3m-4 4v2',
  key: 'M14 10a4 4 0 1 0-3.5 4L10 15v2H8v2H5v-3l5.5-5.5M16.5 7.5h.01',
  shield: 'M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3zm-3 9l2 2 4-4',
  pen: 'M4 20h4L19 9l-4-4L4 16v4zm9-13 4 4M14 20h6',
  mail: 'M4 6h16v12H4zm0 0 8 7 8-7',
  phone: 'M8 3h8v18H8zm3 15h2',
  gift: 'M4 10h16v3H4zm1 3h14v8H5zm7-3v11M12 10c-1-3-5-5-5-2 0 1.5 2 2 5 2zm0 0c1-3 5-5 5-2 0 1.5-2 2-5 2z',
  share:
    'M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm12 7a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4m0-11-6.8 4',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7.4-3a7.4 7.4 0 0 0-.1-1.3l2-1.6-2-3.4-2.4 1a7.6 7.6 0 0 0-2.2-1.3L14.3 3h-4l-.4 2.4a7.6 7.6 0 0 0-2.2 1.3l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.6l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 0 0 2.2 1.3l.4 2.4h4l.4-2.4a7.6 7.6 0 0 0 2.2-1.3l2.4 1 2-3.4-2-1.6c.1-.4.1-.9.1-1.3z',
  id: 'M3 6h18v12H3zm4 8h4m-4-3h2m6-1.5a2 2 0 1 0 4 0 2 2 0 0 0-4 0zM14 15c.5-1.5 3.5-1.5 4 0',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-13v4l3 2',
  refresh: 'M20 11a8 8 0 0 0-14.6-4.5M4 4v3h3m-3 6a8 8 0 0 0 14.6 4.5M20 20v-3h-3',
} as const;

export type ProfileIconName = keyof typeof paths;

export function ProfileIcon({
  name,
  className = 'size-5',
  ...rest
}: { name: ProfileIconName; className?: string } & Omit<SVGProps<SVGSVGElement>, 'name'>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={`shrink-0 ${className}`}
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
