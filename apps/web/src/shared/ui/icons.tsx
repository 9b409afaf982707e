import type { SVGProps } from 'react';

/**
 * The kit's line icons (24 px grid, currentColor). Decorative by default: the control that holds
 * one carries the accessible name. Icons that point along the reading direction take `directional`
 * and mirror in right-to-left languages.
 */
const paths = {
  home: 'M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9',
  market: 'M4 19V5M4 19h16M8 15l3-4 3 2 5-6',
  trading:
    'M12 3v3m0 12v3M5.6 5.6l2.1 2.1m8.6 8.6 2.1 2.1M3 12h3m12 0h3M5.6 18.4l2.1-2.1m8.6-8.6 2.1-2.1M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  loan: 'M3 10h18M5 10V19h14v-9M12 3 3 8h18l-9-5zM9 13v3m3-3v3m3-3v3',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm-2.5-11.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14m0 3h.01',
  notice: 'M4 5h16v11H8l-4 4V5zm4 4h8m-8 3h5',
  support:
    'M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v5H5a1 1 0 0 1-1-1v-4zm16 0h-3v5h2a1 1 0 0 0 1-1v-4zm-3 5c0 1.7-1.8 3-5 3',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2zm4 4h4',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3.5 9h17M3.5 15h17M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  sun: 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm0-14v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4m11.4-11.4 1.4-1.4',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm5-2 5 5',
  chevronDown: 'm6 9 6 6 6-6',
  chevronEnd: 'm9 6 6 6-6 6',
  arrowEnd: 'M5 12h14m-6-6 6 6-6 6',
  close: 'M6 6l12 12M18 6 6 18',
  download: 'M12 4v11m-5-5 5 5 5-5M5 20h14',
  check: 'm5 12 5 5 9-10',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-10v6m0-9h.01',
  alert: 'M12 4 2.5 20h19L12 4zm0 6v4m0 3h.01',
  shield: 'M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3zm-3.5 9 2.5 2.5 4.5-4.5',
  ledger: 'M6 3h12v18H6zM9 7h6M9 11h6M9 15h3',
  pulse: 'M3 12h4l3-7 4 14 3-7h4',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  wallet: 'M4 7h15a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4V7zm0 0V6a1 1 0 0 1 1-1h11M16 13h.01',
  document: 'M7 3h7l5 5v13H7V3zm7 0v5h5M10 13h6m-6 4h6',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01',
  send: 'M4 12 20 4l-6 16-3-7-7-1zm7 1 9-9',
} as const;

export type IconName = keyof typeof paths;

const directionalIcons = new Set<IconName>(['chevronEnd', 'arrowEnd', 'logout', 'send']);

export function Icon({
  name,
  className = 'size-5',
  ...rest
}: { name: IconName; className?: string } & Omit<SVGProps<SVGSVGElement>, 'name'>) {
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
      className={`shrink-0 ${directionalIcons.has(name) ? 'rtl:-scale-x-100' : ''} ${className}`}
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
