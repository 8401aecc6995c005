import { COMPARISON_HIGHLIGHTS, MONTH, comparisonFigures, formatFigure, type Figure } from '../../content/figures.ts';
import { comparisonSentence } from '../../content/i18n/format.ts';
import { Section } from '../../ui/section.tsx';
import { useStaticTexts } from '../static-texts.ts';

/** The longest bar: the largest monthly figure. */
const MAX = Math.max(...Object.values(MONTH).flatMap((row) => [row.without, row.with]));

/** With AI versus without: plain CSS bars, with the same facts in a sentence for screen readers. */
export function ComparisonChart() {
  const { t, locale } = useStaticTexts();
  const c = t.comparison;
  const figures = comparisonFigures(locale);
  const rows = [
    { key: 'sales', label: c.sales.label, text: figures.sales },
    { key: 'cost', label: c.cost.label, text: figures.cost },
  ] as const;
  const summary = comparisonSentence(c.summary, locale);
  const highlights = Object.entries(COMPARISON_HIGHLIGHTS) as [keyof typeof COMPARISON_HIGHLIGHTS, Figure][];

  return (
    <Section id="comparison" title={c.title} subtitle={c.subtitle}>
      <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        <figure className="rounded-3xl border border-line bg-panel/80 p-6 sm:p-8">
          <figcaption className="sr-only">{summary}</figcaption>
          <div aria-hidden="true" className="space-y-8">
            <div className="flex flex-wrap gap-5 text-sm text-slate-300">
              <span className="flex items-center gap-2">
                <span className="size-3 rounded-sm bg-slate-500" />
                {c.without}
              </span>
              <span className="flex items-center gap-2">
                <span className="size-3 rounded-sm bg-gradient-to-r from-indigo-400 to-cyan-400" />
                {c.with}
              </span>
            </div>
            {rows.map(({ key, label, text }) => (
              <div key={key}>
                <div className="flex items-baseline justify-between gap-4">
                  <p className="font-semibold">
                    {label} <span className="text-sm font-normal text-slate-400">{c.perMonth}</span>
                  </p>
                  <p className="rounded-full bg-emerald-400/15 px-2.5 py-0.5 text-sm font-bold text-emerald-300">
                    {text.change}
                  </p>
                </div>
                <div className="mt-3 space-y-2">
                  <Bar value={MONTH[key].without} label={text.without} tone="muted" />
                  <Bar value={MONTH[key].with} label={text.with} tone="accent" />
                </div>
              </div>
            ))}
          </div>
        </figure>

        <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
          {highlights.map(([id, figure]) => (
            <div key={id} className="flex flex-col-reverse justify-center rounded-2xl border border-line bg-panel/80 p-6">
              <dt className="mt-1 text-slate-300">{c.highlights[id]}</dt>
              <dd className="text-gradient text-4xl font-extrabold">{formatFigure(figure, locale)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Section>
  );
}

function Bar({ value, label, tone }: { value: number; label: string; tone: 'muted' | 'accent' }) {
  return (
    <div className="flex items-center gap-3">
      <div className="h-9 flex-1 overflow-hidden rounded-lg bg-slate-800/70">
        <div
          className={`flex h-full items-center justify-end rounded-lg px-3 text-sm font-bold ${
            tone === 'accent' ? 'bg-gradient-to-r from-indigo-500 to-cyan-400 text-ink' : 'bg-slate-500 text-white'
          }`}
          style={{ width: `${Math.max(18, (value / MAX) * 100)}%` }}
        >
          {label}
        </div>
      </div>
    </div>
  );
}
