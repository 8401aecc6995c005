import type { IconName } from '../../content/icon-names.ts';
import { Icon } from '../ui/icons.tsx';
import { Section } from '../ui/section.tsx';
import { useI18n } from '../use-i18n.ts';

// One icon per industry, in the dictionaries' order.
const ICONS: IconName[] = ['tooth', 'home', 'scissors', 'wrench', 'utensils', 'cart'];

export function Industries() {
  const { t } = useI18n();
  return (
    <Section id="industries" title={t.industries.title} subtitle={t.industries.subtitle}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {t.industries.items.map((item, i) => (
          <li key={item.title} className="flex gap-4 rounded-2xl border border-line bg-panel/80 p-6">
            <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-indigo-500/15 text-indigo-300">
              <Icon name={ICONS[i] ?? 'sparkle'} className="size-6" />
            </span>
            <div>
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-1 text-slate-300">{item.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
