import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
  className?: string;
}

/**
 * A page section with its heading: one rhythm of spacing and type across the page. A section out of view
 * is neither styled nor laid out until the visitor scrolls near it (`content-visibility: auto`), so the
 * first paint costs the first screen only; the height it stands in with is remembered once rendered.
 */
export function Section({ id, title, subtitle, children, className = '' }: SectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-[max(12vh,4rem)] [contain-intrinsic-size:auto_60rem] [content-visibility:auto] px-4 py-16 sm:px-6 sm:py-24 ${className}`}>
      <div className="mx-auto max-w-7xl">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          {subtitle && <p className="mt-4 text-lg text-pretty text-slate-300">{subtitle}</p>}
        </div>
        <div className="mt-12 sm:mt-16">{children}</div>
      </div>
    </section>
  );
}
