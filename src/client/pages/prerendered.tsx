// Markup the prerender writes once and the browser keeps as it is (docs/decisions/013-pages-beside-the-home-page.md).

/** Always the same object, so a render after hydration finds nothing changed and writes nothing. */
const KEEP = { __html: '' };

/**
 * The server renders `html` into the element; the browser renders it empty, and React neither compares
 * nor replaces what the server wrote while hydrating (suppressHydrationWarning covers the one
 * difference, the inner HTML), nor later, as the value never changes. So a long static text, such as
 * the privacy notice, is in the page and in no script.
 */
export function Prerendered({ html, className }: { html?: string | undefined; className?: string }) {
  return (
    <div className={className} dangerouslySetInnerHTML={html === undefined ? KEEP : { __html: html }} suppressHydrationWarning />
  );
}
