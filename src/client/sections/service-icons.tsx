import type { ServiceIconName } from '../../content/i18n/services.en.ts';

// The services' icons: line drawings on a 24-unit grid, stroked in the text colour, so they take the
// colour and weight of whatever they sit in. Decorative: the text beside each one says the same.
const PATHS: Record<ServiceIconName | 'check' | 'chevron-left' | 'chevron-right' | 'chevron-down', string> = {
  chat: 'M20.5 11.5a8 8 0 0 1-11.8 7L4 19.5l1.1-4.3A8 8 0 1 1 20.5 11.5Z M8.5 11.5h.01 M12.5 11.5h.01 M16.5 11.5h.01',
  browser:
    'M4.5 4h15A1.5 1.5 0 0 1 21 5.5v13a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5v-13A1.5 1.5 0 0 1 4.5 4Z M3 8.5h18 M6 6.25h.01 M8.5 6.25h.01 M7 12.5h6 M7 15.5h10',
  phone:
    'M5.5 3.5h3l1.5 4.5-2.25 1.5a11 11 0 0 0 6.75 6.75L16 14l4.5 1.5v3a2 2 0 0 1-2 2A16 16 0 0 1 3.5 5.5a2 2 0 0 1 2-2Z',
  magnet: 'M5 3.5h4.5V11a2.5 2.5 0 0 0 5 0V3.5H19V11a7 7 0 0 1-14 0Z M5 7.5h4.5 M14.5 7.5H19',
  clock: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18Z M12 7v5l3.5 2',
  calendar:
    'M5.5 5h13A1.5 1.5 0 0 1 20 6.5v12a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5v-12A1.5 1.5 0 0 1 5.5 5Z M4 10h16 M8 3v4 M16 3v4 M9 15l2 2 4-4',
  inbox:
    'M6 5h12l3 8v5.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5V13Z M3 13h5l1.5 2.5h5L16 13h5',
  users:
    'M9 4.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7Z M3 20a6 6 0 0 1 12 0 M15.5 4.8a3.5 3.5 0 0 1 0 6.4 M18 14.5a6 6 0 0 1 3 5.5',
  rocket:
    'M14 4.5c2-1 4.5-1.5 6-1.5 0 1.5-.5 4-1.5 6l-6.5 6.5-4.5-4.5Z M7.5 11 4 10.5 6.5 7.5H11 M13 16.5l.5 3.5 3-2.5V13 M6.5 15.5C5 16.5 4.5 19 4.5 19.5c.5 0 3-.5 4-2 M15.5 7.5h.01',
  target:
    'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18Z M12 7.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Z M12 11.5a.5.5 0 1 1 0 1 .5.5 0 0 1 0-1Z',
  gauge: 'M4 17.5a9 9 0 1 1 16 0 M12 14l4-5 M12 12.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z',
  search: 'M11 4a7 7 0 1 1 0 14 7 7 0 0 1 0-14Z M20 20l-4-4',
  layers: 'M12 3.5 3 8l9 4.5L21 8Z M3 12.5 12 17l9-4.5 M3 16.5 12 21l9-4.5',
  'phone-incoming':
    'M5.5 3.5h3l1.5 4.5-2.25 1.5a11 11 0 0 0 6.75 6.75L16 14l4.5 1.5v3a2 2 0 0 1-2 2A16 16 0 0 1 3.5 5.5a2 2 0 0 1 2-2Z M15 3.5V9h5.5 M15.5 8.5 21 3',
  headset:
    'M4 15v-3a8 8 0 0 1 16 0v3 M4 14h3v5H5.5A1.5 1.5 0 0 1 4 17.5Z M20 14h-3v5h1.5a1.5 1.5 0 0 0 1.5-1.5Z M17 19c0 1.5-2 2-4.5 2',
  trending: 'M3 17l6-6 4 4 8-8 M15 7h6v6',
  mail: 'M4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5v-11A1.5 1.5 0 0 1 4.5 5Z M3.5 6.5 12 13l8.5-6.5',
  repeat: 'M4 11V9.5A3.5 3.5 0 0 1 7.5 6H20 M17 3l3 3-3 3 M20 13v1.5a3.5 3.5 0 0 1-3.5 3.5H4 M7 21l-3-3 3-3',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  'chevron-left': 'M15 5l-7 7 7 7',
  'chevron-right': 'M9 5l7 7-7 7',
  'chevron-down': 'M6 9l6 6 6-6',
};

export type IconShape = keyof typeof PATHS;

export function ServiceIcon({ name, className }: { name: IconShape; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
