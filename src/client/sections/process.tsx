import { CardList } from '../../ui/card-list.tsx';
import { Section } from '../../ui/section.tsx';
import { useStaticTexts } from '../static-texts.ts';

// Four to a row on a wide screen, so the steps read side by side.
const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-4';
const stepNumber = (_: unknown, i: number) => (
  <span className="grid size-10 place-items-center rounded-full bg-gradient-to-br from-indigo-500 to-cyan-400 font-bold text-ink">
    {i + 1}
  </span>
);

/** How an engagement runs, so a first call feels like a small, safe step. */
export function Process() {
  const { t } = useStaticTexts();
  return (
    <Section id="how-it-works" title={t.process.title} subtitle={t.process.subtitle}>
      <CardList items={t.process.steps} look="above" marker={stepNumber} ordered className={GRID} />
    </Section>
  );
}
