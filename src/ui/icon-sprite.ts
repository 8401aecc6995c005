// The drawings of the page's line icons, on a 24-unit grid, once per page: a hidden sprite of symbols
// that each icon refers to with <use> (icons.tsx). Plain text rather than a component, so the build puts
// it in every page's template, the inbox's included (vite.config.ts), outside any root React renders.
import { ICON_NAMES, type IconName } from '../shared/icon-names.ts';

// Two phones, two calendars and two stacks are drawn: the services' own (`phone`, `calendar`,
// `layers`) and the simpler ones elsewhere on the page (`handset`, `calendar-blank`, `stack`).
const PATHS: Record<IconName, string> = {
  'arrow-down': 'M12 5v14M6 13l6 6 6-6',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  browser:
    'M4.5 4h15A1.5 1.5 0 0 1 21 5.5v13a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5v-13A1.5 1.5 0 0 1 4.5 4Z M3 8.5h18 M6 6.25h.01 M8.5 6.25h.01 M7 12.5h6 M7 15.5h10',
  calendar:
    'M5.5 5h13A1.5 1.5 0 0 1 20 6.5v12a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5v-12A1.5 1.5 0 0 1 5.5 5Z M4 10h16 M8 3v4 M16 3v4 M9 15l2 2 4-4',
  'calendar-blank': 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  cart: 'M3 4h2l2.5 11h10L20 7H6.5M9 20h.01M17 20h.01',
  chat: 'M20.5 11.5a8 8 0 0 1-11.8 7L4 19.5l1.1-4.3A8 8 0 1 1 20.5 11.5Z M8.5 11.5h.01 M12.5 11.5h.01 M16.5 11.5h.01',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  'chevron-down': 'M6 9l6 6 6-6',
  'chevron-left': 'M15 5l-7 7 7 7',
  'chevron-right': 'M9 5l7 7-7 7',
  clock: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18Z M12 7v5l3.5 2',
  close: 'M6 6l12 12M18 6L6 18',
  code: 'M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16',
  gauge: 'M4 17.5a9 9 0 1 1 16 0 M12 14l4-5 M12 12.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z',
  globe: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  handset: 'M5 4h3l2 5-2.5 1.5a11 11 0 005 5L14 13l5 2v3a2 2 0 01-2 2A15 15 0 013 6a2 2 0 012-2z',
  headset:
    'M4 15v-3a8 8 0 0 1 16 0v3 M4 14h3v5H5.5A1.5 1.5 0 0 1 4 17.5Z M20 14h-3v5h1.5a1.5 1.5 0 0 0 1.5-1.5Z M17 19c0 1.5-2 2-4.5 2',
  home: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z',
  inbox:
    'M6 5h12l3 8v5.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5V13Z M3 13h5l1.5 2.5h5L16 13h5',
  layers: 'M12 3.5 3 8l9 4.5L21 8Z M3 12.5 12 17l9-4.5 M3 16.5 12 21l9-4.5',
  magnet: 'M5 3.5h4.5V11a2.5 2.5 0 0 0 5 0V3.5H19V11a7 7 0 0 1-14 0Z M5 7.5h4.5 M14.5 7.5H19',
  mail: 'M4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5v-11A1.5 1.5 0 0 1 4.5 5Z M3.5 6.5 12 13l8.5-6.5',
  mic: 'M12 3a3 3 0 00-3 3v6a3 3 0 006 0V6a3 3 0 00-3-3zM5 11a7 7 0 0014 0M12 18v3',
  phone:
    'M5.5 3.5h3l1.5 4.5-2.25 1.5a11 11 0 0 0 6.75 6.75L16 14l4.5 1.5v3a2 2 0 0 1-2 2A16 16 0 0 1 3.5 5.5a2 2 0 0 1 2-2Z',
  'phone-incoming':
    'M5.5 3.5h3l1.5 4.5-2.25 1.5a11 11 0 0 0 6.75 6.75L16 14l4.5 1.5v3a2 2 0 0 1-2 2A16 16 0 0 1 3.5 5.5a2 2 0 0 1 2-2Z M15 3.5V9h5.5 M15.5 8.5 21 3',
  pin: 'M12 21s-7-6.2-7-11a7 7 0 0114 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  repeat: 'M4 11V9.5A3.5 3.5 0 0 1 7.5 6H20 M17 3l3 3-3 3 M20 13v1.5a3.5 3.5 0 0 1-3.5 3.5H4 M7 21l-3-3 3-3',
  rocket:
    'M14 4.5c2-1 4.5-1.5 6-1.5 0 1.5-.5 4-1.5 6l-6.5 6.5-4.5-4.5Z M7.5 11 4 10.5 6.5 7.5H11 M13 16.5l.5 3.5 3-2.5V13 M6.5 15.5C5 16.5 4.5 19 4.5 19.5c.5 0 3-.5 4-2 M15.5 7.5h.01',
  scale: 'M4 19h16M7 15l3-4 3 3 5-7',
  scissors: 'M6 7a2.5 2.5 0 100-5 2.5 2.5 0 000 5zM6 22a2.5 2.5 0 100-5 2.5 2.5 0 000 5zM8 6l12 12M8 18L20 6',
  search: 'M11 4a7 7 0 1 1 0 14 7 7 0 0 1 0-14Z M20 20l-4-4',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  sparkle: 'M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z',
  stack: 'M12 3l9 5-9 5-9-5zM3 13l9 5 9-5',
  target:
    'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18Z M12 7.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Z M12 11.5a.5.5 0 1 1 0 1 .5.5 0 0 1 0-1Z',
  tooth:
    'M7 4c2-1 3.5 0 5 .8C13.5 4 15 3 17 4c2.5 1.2 2.5 4.5 1.5 7.5L17 19c-.3 1.5-2.2 1.5-2.5 0L13 14h-2l-1.5 5c-.3 1.5-2.2 1.5-2.5 0L5.5 11.5C4.5 8.5 4.5 5.2 7 4z',
  trending: 'M3 17l6-6 4 4 8-8 M15 7h6v6',
  users:
    'M9 4.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7Z M3 20a6 6 0 0 1 12 0 M15.5 4.8a3.5 3.5 0 0 1 0 6.4 M18 14.5a6 6 0 0 1 3 5.5',
  utensils: 'M7 3v18M4 3v5a3 3 0 006 0V3M17 3c-2 2-2.5 5-2.5 8H18v10',
  wrench: 'M15 5a4 4 0 00-5 5L4 16l4 4 6-6a4 4 0 005-5l-3 1-2-2z',
};

/** Where each icon's symbol is, in the page's sprite. */
export const iconHref = (name: IconName) => `#icon-${name}`;

/** Where a page's template takes the sprite, which the build fills in. */
export const ICON_SPRITE_PLACEHOLDER = '<!--icon-sprite-->';

/**
 * The sprite: every icon's drawing, a path on a 24-unit grid. How it is stroked (in the text colour,
 * rounded, its weight) it takes from the icon that uses it, through <use> (the `icon` class, tokens.css).
 * Hidden by the `hidden` attribute, which the stylesheet's base rule makes `display: none !important`:
 * SVG's own `display="none"` is a presentation attribute, which any author rule beats (Tailwind's base
 * `svg { display: block }` drew it as an empty 300×150 box under the top bar). Named by no assistive
 * technology.
 */
export function iconSprite(): string {
  const symbols = ICON_NAMES.map((name) => `<symbol id="${iconHref(name).slice(1)}" viewBox="0 0 24 24"><path d="${PATHS[name]}"/></symbol>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" hidden aria-hidden="true">${symbols.join('')}</svg>`;
}
