import { STATS, formatFigure, type StatId } from '../../content/figures.ts';
import { Section } from '../../ui/section.tsx';
import { useI18n } from '../use-i18n.ts';

/**
 * The headline figures, final values in the markup itself: crawlers and every visitor read the same.
 * The columns follow the room in rem, so text made larger takes fewer of them (two from a phone's width,
 * three from `lg`'s), and each figure is as large as designed but never wider than its card, whatever
 * font draws it (text-fit in styles.css); a card too narrow even so wraps the figure rather than clip it.
 */
export function Stats() {
  const { t, locale } = useI18n();
  return (
    <Section id="results" title={t.stats.title} subtitle={t.stats.subtitle}>
      <div className="@container">
        <dl className="grid grid-cols-1 gap-4 @min-[18rem]:grid-cols-2 @min-[61rem]:grid-cols-3 sm:gap-6">
          {(Object.keys(STATS) as StatId[]).map((id) => (
            <div
              key={id}
              className="@container flex min-w-0 flex-col-reverse justify-end rounded-2xl border border-line bg-panel/80 p-5 text-center sm:p-8"
            >
              <dt className="mt-2 text-sm wrap-anywhere text-slate-300 sm:text-base">{t.stats.labels[id]}</dt>
              <dd className="text-gradient text-fit-2xl font-extrabold tracking-tight tabular-nums wrap-anywhere min-[400px]:text-fit-3xl sm:text-fit-5xl">
                {formatFigure(STATS[id], locale)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </Section>
  );
}
