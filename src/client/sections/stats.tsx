import { STATS, formatFigure, type StatId } from '../../content/figures.ts';
import { Section } from '../../ui/section.tsx';
import { useI18n } from '../use-i18n.ts';

/** The headline figures, final values in the markup itself: crawlers and every visitor read the same. */
export function Stats() {
  const { t, locale } = useI18n();
  return (
    <Section id="results" title={t.stats.title} subtitle={t.stats.subtitle}>
      <dl className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-3">
        {(Object.keys(STATS) as StatId[]).map((id) => (
          <div
            key={id}
            className="flex flex-col-reverse rounded-2xl border border-line bg-panel/80 p-5 text-center sm:p-8"
          >
            <dt className="mt-2 text-sm text-slate-300 sm:text-base">{t.stats.labels[id]}</dt>
            <dd className="text-gradient text-2xl font-extrabold tracking-tight whitespace-nowrap min-[400px]:text-3xl sm:text-5xl">{formatFigure(STATS[id], locale)}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
