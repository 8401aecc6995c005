import { clientLogos } from '../../content/logos.ts';
import { InlineSvg, svgFileAt } from '../../ui/inline-svg.tsx';
import { useStaticTexts } from '../static-texts.ts';

/** The logos' files by their address on the site. Only the prerender draws this section, so no script carries them. */
const FILES = import.meta.glob<string>('/public/logos/*.svg', { query: '?raw', import: 'default', eager: true });

/**
 * Six client logos scrolling past. The list is drawn twice so the loop has no seam; the copy is hidden
 * from assistive technology. Hover or focus pauses it, and under reduced motion it stands still
 * (styles.css, .logo-marquee).
 */
export function LogoStrip() {
  const { t } = useStaticTexts();
  const row = (copy: boolean) => (
    <ul className="flex shrink-0 items-center gap-14 pr-14" aria-hidden={copy || undefined}>
      {clientLogos.map((l) => (
        <li key={l.name} className="shrink-0 opacity-70 transition-opacity hover:opacity-100">
          <InlineSvg file={svgFileAt(FILES, l.logo)} label={copy ? undefined : l.name} />
        </li>
      ))}
    </ul>
  );
  return (
    <section id="logos" aria-labelledby="logos-title" className="border-y border-line bg-panel/40 py-10">
      <h2 id="logos-title" className="px-4 text-center text-sm font-semibold tracking-widest text-slate-400 uppercase">
        {t.logos.title}
      </h2>
      <div className="logo-marquee mt-8 overflow-hidden" role="group" tabIndex={0} aria-labelledby="logos-title">
        <div className="logo-marquee-track flex w-max">
          {row(false)}
          {row(true)}
        </div>
      </div>
    </section>
  );
}
