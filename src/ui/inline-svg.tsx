// An SVG file of public/ drawn inside the page instead of as an <img>. Chromium makes every SVG image a
// document of its own (a frame, a parser, a layout): some 10 ms of a phone's main thread each while the
// page starts, eight of them on the home page. Drawn inline it is a few nodes of the page's own.

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

interface InlineSvgProps {
  /** The file's text, imported with `?raw` by the component that draws it (so a script carries only its own). */
  file: string;
  /** What the drawing names, for assistive technology; without one it is hidden from them. */
  label?: string;
  className?: string;
  /** Appended to the file's ids, so the same file can be drawn twice in a page. */
  scope?: string;
}

/**
 * The text of the file at `src` (an address on the site, as content/ names it) among `files`, what an eager
 * `import.meta.glob` of `/public/…` with `?raw` gave: the glob decides what a script carries, the address
 * stays where the content names it. Throws for an address the glob did not take in, so a build fails.
 */
export function svgFileAt(files: Record<string, string>, src: string): string {
  const file = files[`/public${src}`];
  if (file === undefined) throw new Error(`no SVG file at public${src} among ${Object.keys(files).join(', ')}`);
  return file;
}

/** The file's <svg> with its own role and label replaced by `label`'s, its class and its ids' scope. */
export function svgMarkup({ file, label, className, scope }: InlineSvgProps): string {
  const attributes = [
    className ? ` class="${escapeAttribute(className)}"` : '',
    label ? ` role="img" aria-label="${escapeAttribute(label)}"` : ' aria-hidden="true" focusable="false"',
  ].join('');
  let svg = file.trim().replace(/\s(?:role|aria-label)="[^"]*"/g, '');
  if (scope) svg = svg.replace(/\bid="([^"]+)"/g, `id="$1-${scope}"`).replace(/url\(#([^)]+)\)/g, `url(#$1-${scope})`);
  return svg.replace(/^<svg\b/, `<svg${attributes}`);
}

/** An SVG file drawn inline, in a wrapper that takes no box. React writes the markup and never compares it. */
export function InlineSvg(props: InlineSvgProps) {
  return <span className="contents" dangerouslySetInnerHTML={{ __html: svgMarkup(props) }} />;
}
