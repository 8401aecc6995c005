import { Section } from '../ui/section.tsx';
import { useI18n } from '../use-i18n.ts';

/** How an engagement runs, so a first call feels like a small, safe step. */
export function Process() {
  const { t } = useI18n();
  return (
    <Section id="how-it-works" title={t.process.title} subtitle={t.process.subtitle}>
      <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {t.process.steps.map((step, i) => (
          <li key={step.title} className="relative rounded-2xl border border-line bg-panel/80 p-6">
            <span className="grid size-10 place-items-center rounded-full bg-gradient-to-br from-indigo-500 to-cyan-400 font-bold text-ink">
              {i + 1}
            </span>
            <h3 className="mt-5 text-lg font-semibold">{step.title}</h3>
            <p className="mt-2 text-slate-300">{step.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
