import type { IconName } from '../../content/icon-names.ts';
import { Icon } from '../ui/icons.tsx';
import { Section } from '../ui/section.tsx';
import { useI18n } from '../use-i18n.ts';

function Figure({ value, unit }: { value: string; unit: string }) {
  return (
    <p className="mt-6 flex items-baseline gap-2">
      <span className="text-gradient text-5xl font-extrabold">{value}</span>
      <span className="text-lg text-slate-300">{unit}</span>
    </p>
  );
}

function CardIcon({ name }: { name: IconName }) {
  return (
    <span className="grid size-12 place-items-center rounded-xl bg-cyan-400/10 text-cyan-300">
      <Icon name={name} className="size-6" />
    </span>
  );
}

/** Websites, platforms and software built to order. */
export function CustomDevelopment() {
  const { t } = useI18n();
  const d = t.customDevelopment;
  const card = 'relative flex flex-col rounded-3xl border bg-panel/80 p-7';
  return (
    <Section id="custom-development" title={d.title} subtitle={d.subtitle}>
      <div className="grid gap-6 md:grid-cols-3">
        <article className={`${card} border-cyan-400/50 shadow-xl shadow-cyan-950/40`}>
          <p className="absolute -top-3 right-6 rounded-full bg-gradient-to-r from-indigo-500 to-cyan-400 px-3 py-1 text-xs font-bold text-ink">
            {d.websites.badge}
          </p>
          <CardIcon name="globe" />
          <h3 className="mt-5 text-2xl font-bold">{d.websites.title}</h3>
          <Figure value={d.websites.figure} unit={d.websites.unit} />
          <p className="mt-4 text-slate-300">{d.websites.description}</p>
        </article>

        <article className={`${card} border-line`}>
          <CardIcon name="stack" />
          <h3 className="mt-5 text-2xl font-bold">{d.platforms.title}</h3>
          <p className="mt-1 text-sm font-medium text-cyan-300">{d.platforms.subtitle}</p>
          <Figure value={d.platforms.figure} unit={d.platforms.unit} />
          <p className="mt-4 text-slate-300">{d.platforms.description}</p>
        </article>

        <article className={`${card} border-line`}>
          <CardIcon name="code" />
          <h3 className="mt-5 text-2xl font-bold">{d.software.title}</h3>
          <Figure value={d.software.figure} unit={d.software.unit} />
          <p className="mt-4 text-slate-300">{d.software.description}</p>
          <ul className="mt-6 flex flex-wrap gap-2">
            {d.software.benefits.map((b, i) => (
              <li key={b} className="flex items-center gap-1.5 rounded-full border border-line px-3 py-1 text-sm">
                <Icon name={(['bolt', 'shield', 'scale'] as const)[i] ?? 'check'} className="size-4 text-cyan-300" />
                {b}
              </li>
            ))}
          </ul>
        </article>
      </div>
    </Section>
  );
}
