// What a page of islands inlines of the site's stylesheet: only the rules its prerendered markup uses,
// and every @font-face; the whole stylesheet, less its @font-face rules, is a file of its own, which the
// page's loader adds once the visitor is there and before any island draws what the prerender did not
// (page-loader.ts; docs/decisions/041-page-css-and-no-font-preload.md). Beasties decides which rules a
// page uses: each selector, its pseudo-classes set aside (:hover, :focus-visible, :is([open])), is
// matched against the page, so every state a page reaches without script keeps its rules.
import { createHash } from 'node:crypto';
import Beasties from 'beasties';

const FONT_FACE = /@font-face\{[^}]*\}/g;
const STYLE = /<style>([\s\S]*?)<\/style>/g;

/** The stylesheet's @font-face rules, in order. */
export const fontFacesOf = (css: string): string[] => css.match(FONT_FACE) ?? [];

/**
 * The file the loader adds: the whole stylesheet but its @font-face rules, which the page's own CSS
 * holds already (two rules for one face would each load it). Appended after the page's rules, which are
 * some of its own in the same order, it styles every element as the whole stylesheet alone would.
 */
export function wholeStylesheet(css: string): { file: string; css: string } {
  const rest = css.replace(FONT_FACE, '');
  const hash = createHash('sha256').update(rest).digest('base64url').slice(0, 8);
  return { file: `assets/site-${hash}.css`, css: rest };
}

/**
 * A selector of pseudo-classes and pseudo-elements alone, which Beasties would set aside whole and then
 * match nothing: the focus ring (`:focus-visible`), Tailwind's `:where(.space-y-3>:not(:last-child))`,
 * the form controls' parts. Kept on every page, as Beasties keeps `:root` and `::before`.
 */
const PSEUDO_ALONE = /^(?:::?[a-z-]+(?:\(.+\))?)+$/i;

const beasties = new Beasties({
  reduceInlineStyles: true,
  mergeStylesheets: false,
  allowRules: [PSEUDO_ALONE],
  logLevel: 'warn',
  keyframes: 'critical',
});

/**
 * The CSS `page` inlines, given the page with the whole stylesheet inlined as `css`: the rules its markup
 * uses (Beasties), after every @font-face rule of the stylesheet.
 */
export async function pageCss(page: string, css: string): Promise<string> {
  if (!page.includes(`<style>${css}</style>`)) throw new Error('critical CSS: the page does not inline the stylesheet');
  // The page's other style elements (its noscript rules) are its own business, left out of the match.
  const alone = page.replace(STYLE, (element, content: string) => (content === css ? element : ''));
  const pruned = [...(await beasties.process(alone)).matchAll(STYLE)].map((m) => m[1] ?? '');
  if (pruned.length > 1) throw new Error('critical CSS: more than one style element came back');
  return fontFacesOf(css).join('') + (pruned[0] ?? '');
}
