// One way to put class names together: clsx for the conditions, then tailwind-merge so that a caller's
// class replaces the component's own class of the same kind (padding, width, colour…) instead of both
// landing in the element and the stylesheet's order deciding which one wins.
import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';

// tailwind-merge's full configuration knows every Tailwind utility and weighs about 6 KB gzip, which the
// first script cannot afford (90 KB: docs/bench.md, "The page budgets"). This one knows the kinds of
// classes the page's components let a caller replace; any other class is kept as written, as before
// there was a merge.
// cn.test.ts checks it against the full configuration on every class the page's code writes.
const isAny = () => true;
const isColor = (v: string) =>
  /^(?:(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-\d{2,3}|white|black|transparent|current|ink|panel|line)(?:\/\d+)?$/.test(
    v,
  );
const isLength = (v: string) => /^(?:\d+(?:\.\d+)?|px|auto|full|screen|fit|min|max|\d+\/\d+|\[[^\]]+\])$/.test(v);
const isNamedSize = (v: string) => /^(?:xs|sm|md|lg|xl|[2-7]xl)$/.test(v);
const isNumber = (v: string) => /^\d+$/.test(v);

const sides = (prefix: string) => ({
  [prefix]: [{ [prefix]: [isLength] }],
  [`${prefix}x`]: [{ [`${prefix}x`]: [isLength] }],
  [`${prefix}y`]: [{ [`${prefix}y`]: [isLength] }],
  [`${prefix}t`]: [{ [`${prefix}t`]: [isLength] }],
  [`${prefix}r`]: [{ [`${prefix}r`]: [isLength] }],
  [`${prefix}b`]: [{ [`${prefix}b`]: [isLength] }],
  [`${prefix}l`]: [{ [`${prefix}l`]: [isLength] }],
});
const sideConflicts = (p: string) => ({
  [p]: [`${p}x`, `${p}y`, `${p}t`, `${p}r`, `${p}b`, `${p}l`],
  [`${p}x`]: [`${p}r`, `${p}l`],
  [`${p}y`]: [`${p}t`, `${p}b`],
});

const merge = createTailwindMerge(() => ({
  // As large as tailwind-merge's own default cache.
  cacheSize: 500,
  theme: {},
  classGroups: {
    display: ['block', 'inline-block', 'inline', 'flex', 'inline-flex', 'grid', 'inline-grid', 'hidden', 'contents'],
    ...sides('p'),
    ...sides('m'),
    w: [{ w: [isLength] }],
    h: [{ h: [isLength] }],
    'max-w': [{ 'max-w': [isLength, isNamedSize] }],
    'min-h': [{ 'min-h': [isLength] }],
    'font-size': [{ text: ['base', isNamedSize] }],
    'text-color': [{ text: [isColor] }],
    leading: [{ leading: ['none', 'tight', 'snug', 'normal', 'relaxed', 'loose'] }],
    opacity: [{ opacity: [isNumber] }],
    cursor: [{ cursor: [isAny] }],
    'justify-content': [{ justify: ['start', 'end', 'center', 'between', 'around', 'evenly', 'stretch', 'normal'] }],
    'align-items': [{ items: ['start', 'end', 'center', 'baseline', 'stretch'] }],
    gap: [{ gap: [isLength] }],
    rounded: [{ rounded: ['', 'none', 'sm', 'md', 'lg', 'xl', '2xl', '3xl', 'full'] }],
    'bg-color': [{ bg: [isColor] }],
    'gradient-from': [{ from: [isColor] }],
    'gradient-via': [{ via: [isColor] }],
    'gradient-to': [{ to: [isColor] }],
  },
  conflictingClassGroups: { ...sideConflicts('p'), ...sideConflicts('m'), 'font-size': ['leading'] },
  conflictingClassGroupModifiers: {},
  orderSensitiveModifiers: [],
}));

export type { ClassValue };

/** The classes given, later ones replacing earlier ones of the same kind; falsy values are skipped. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
