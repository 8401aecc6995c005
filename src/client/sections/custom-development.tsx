import type { ReactNode } from 'react';
import { CUSTOM_DEVELOPMENT, formatFigure, type Figure } from '../../content/figures.ts';
import type { IconName } from '../../shared/icon-names.ts';
import { Icon } from '../../ui/icons.tsx';
import { Section } from '../../ui/section.tsx';
import { useStaticTexts } from '../static-texts.ts';
import { useI18n } from '../use-i18n.ts';

interface CardTexts {
  title: string;
  unit: string;
  description: string;
  /** Marks the card the page puts forward. */
  badge?: string;
  subtitle?: string;
}

const CARD = 'relative flex flex-col rounded-3xl border bg-panel/80 p-7';

interface CardProps {
  icon: IconName;
  figure: Figure;
  texts: CardTexts;
  children?: ReactNode;
}

function Card({ icon, figure, texts, children }: CardProps) {
  const { locale } = useI18n();
  return (
    <article className={`${CARD} ${texts.badge ? 'border-cyan-400/50 shadow-xl shadow-cyan-950/40' : 'border-line'}`}>
      {texts.badge && (
        <p className="absolute -top-3 right-6 rounded-full bg-gradient-to-r from-indigo-500 to-cyan-400 px-3 py-1 text-xs font-bold text-ink">
          {texts.badge}
        </p>
      )}
      <span className="grid size-12 place-items-center rounded-xl bg-cyan-400/10 text-cyan-300">
        <Icon name={icon} className="size-6" />
      </span>
      <h3 className="mt-5 text-2xl font-bold">{texts.title}</h3>
      {texts.subtitle && <p className="mt-1 text-sm font-medium text-cyan-300">{texts.subtitle}</p>}
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-gradient text-5xl font-extrabold">{formatFigure(figure, locale)}</span>
        <span className="text-lg text-slate-300">{texts.unit}</span>
      </p>
      <p className="mt-4 text-slate-300">{texts.description}</p>
      {children}
    </article>
  );
}

/** Websites, platforms and software built to order. */
export function CustomDevelopment() {
  const { t } = useStaticTexts();
  const d = t.customDevelopment;
  return (
    <Section id="custom-development" title={d.title} subtitle={d.subtitle}>
      <div className="grid gap-6 md:grid-cols-3">
        <Card icon="globe" figure={CUSTOM_DEVELOPMENT.websites} texts={d.websites} />
        <Card icon="stack" figure={CUSTOM_DEVELOPMENT.platforms} texts={d.platforms} />
        <Card icon="code" figure={CUSTOM_DEVELOPMENT.software} texts={d.software}>
          <ul className="mt-6 flex flex-wrap gap-2">
            {d.software.benefits.map((b, i) => (
              <li key={b} className="flex items-center gap-1.5 rounded-full border border-line px-3 py-1 text-sm">
                <Icon name={(['bolt', 'shield', 'scale'] as const)[i] ?? 'check'} className="size-4 text-cyan-300" />
                {b}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </Section>
  );
}
