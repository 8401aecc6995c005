// A few line icons drawn for this site (24px grid, currentColor), so no icon library ships.
import type { SVGProps } from 'react';

const paths = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  arrowDown: 'M12 5v14M6 13l6 6 6-6',
  phone: 'M5 4h3l2 5-2.5 1.5a11 11 0 005 5L14 13l5 2v3a2 2 0 01-2 2A15 15 0 013 6a2 2 0 012-2z',
  mail: 'M4 6h16v12H4zM4 7l8 6 8-6',
  pin: 'M12 21s-7-6.2-7-11a7 7 0 0114 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  mic: 'M12 3a3 3 0 00-3 3v6a3 3 0 006 0V6a3 3 0 00-3-3zM5 11a7 7 0 0014 0M12 18v3',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  scale: 'M4 19h16M7 15l3-4 3 3 5-7',
  globe: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  layers: 'M12 3l9 5-9 5-9-5zM3 13l9 5 9-5',
  code: 'M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16',
  chat: 'M4 5h16v11H9l-5 4z',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  sparkle: 'M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z',
  tooth: 'M7 4c2-1 3.5 0 5 .8C13.5 4 15 3 17 4c2.5 1.2 2.5 4.5 1.5 7.5L17 19c-.3 1.5-2.2 1.5-2.5 0L13 14h-2l-1.5 5c-.3 1.5-2.2 1.5-2.5 0L5.5 11.5C4.5 8.5 4.5 5.2 7 4z',
  home: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z',
  scissors: 'M6 7a2.5 2.5 0 100-5 2.5 2.5 0 000 5zM6 22a2.5 2.5 0 100-5 2.5 2.5 0 000 5zM8 6l12 12M8 18L20 6',
  wrench: 'M15 5a4 4 0 00-5 5L4 16l4 4 6-6a4 4 0 005-5l-3 1-2-2z',
  utensils: 'M7 3v18M4 3v5a3 3 0 006 0V3M17 3c-2 2-2.5 5-2.5 8H18v10',
  cart: 'M3 4h2l2.5 11h10L20 7H6.5M9 20h.01M17 20h.01',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
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
      {...props}
    >
      <path d={paths[name]} />
    </svg>
  );
}
