import { describe, expect, it } from 'vitest';
import { fontFacesOf, pageCss, wholeStylesheet } from './critical-css.ts';

const FACE = '@font-face{font-family:Onest Site;font-display:optional;src:url(/assets/onest-site-1.woff2)format("woff2")}';
const FALLBACK = '@font-face{font-family:Onest Fallback;src:local(Arial)}';
const CSS =
  `${FACE}${FALLBACK}@layer theme,base,components,utilities;` +
  '@layer utilities{.flex{display:flex}.grid{display:grid}.text-white{color:#fff}' +
  '.hover\\:text-cyan:hover{color:cyan}.group-open\\:rotate-180:is(:where(.group):is([open],:popover-open,:open) *){rotate:180deg}' +
  ':where(.space-y-3>:not(:last-child)){margin-block-start:1rem}.aria-expanded\\:block[aria-expanded=true]{display:block}@media (min-width:40rem){.sm\\:grid{display:grid}}}' +
  'dialog::backdrop{background:#000}:focus-visible{outline:2px solid cyan}';
const page = (body: string, css = CSS) =>
  `<!doctype html><html lang="en"><head><noscript><style>[data-needs-script]{display:none}</style></noscript><style>${css}</style></head><body>${body}</body></html>`;

describe('the CSS a page inlines', () => {
  it("keeps the rules the page's markup uses, with their states, and every @font-face", async () => {
    const own = await pageCss(
      page('<details class="group"><summary class="flex hover:text-cyan">Q</summary><p class="group-open:rotate-180 sm:grid">A</p></details>'),
      CSS,
    );
    expect(own.startsWith(FACE + FALLBACK)).toBe(true);
    for (const rule of ['.flex{', '.hover\\:text-cyan:hover', '.group-open\\:rotate-180', '.sm\\:grid{']) expect(own).toContain(rule);
    // Selectors of pseudo-classes alone match no element as Beasties reads them: kept whatever the page.
    for (const rule of [':focus-visible{', ':where(.space-y-3>:not(:last-child))']) expect(own).toContain(rule);
    // Nothing on the page has them: an island draws them, after the whole stylesheet has come.
    for (const rule of ['.grid{', '.text-white', 'aria-expanded', 'dialog::backdrop']) expect(own).not.toContain(rule);
  });

  it('fails loudly when the page does not inline the stylesheet it is given', async () => {
    await expect(pageCss(page('<p class="flex">x</p>', '.flex{display:flex}'), CSS)).rejects.toThrow(/does not inline/);
  });
});

describe('the whole stylesheet the loader adds', () => {
  it('is the stylesheet without its @font-face rules, which the page holds, named by its content', () => {
    const whole = wholeStylesheet(CSS);
    expect(fontFacesOf(CSS)).toEqual([FACE, FALLBACK]);
    expect(whole.css).toBe(CSS.replace(FACE, '').replace(FALLBACK, ''));
    expect(whole.file).toMatch(/^assets\/site-[\w-]{8}\.css$/);
    expect(wholeStylesheet(CSS).file).toBe(whole.file);
    expect(wholeStylesheet(`${CSS}.x{}`).file).not.toBe(whole.file);
  });
});
