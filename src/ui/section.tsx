import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
  className?: string;
}

/**
 * A page section with its heading: one rhythm of spacing and type across the page. Not
 * `content-visibility: auto`, which would lay out only the first screen: Chromium then leaves the
 * sections out of view out of the accessibility tree, so a screen reader's list of headings and buttons
 * would miss them (docs/decisions/020-page-speed.md).
 */
export function Section({ id, title, subtitle, children, className = '' }: SectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-[max(12vh,4rem)] px-4 py-16 sm:px-6 sm:py-24 ${className}`}>
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
