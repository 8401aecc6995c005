import type { IconName } from '../../shared/icon-names.ts';
import { CardList } from '../../ui/card-list.tsx';
import { IconBadge } from '../../ui/icon-badge.tsx';
import { Section } from '../../ui/section.tsx';
import { useStaticTexts } from '../static-texts.ts';

// One icon per industry, in the dictionaries' order.
const ICONS: IconName[] = ['tooth', 'home', 'scissors', 'wrench', 'utensils', 'cart'];
// Three to a row on a wide screen, two on a small one.
const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';
const industryIcon = (_: unknown, i: number) => <IconBadge look="tinted" name={ICONS[i] ?? 'sparkle'} />;

export function Industries() {
  const { t } = useStaticTexts();
  return (
    <Section id="industries" title={t.industries.title} subtitle={t.industries.subtitle}>
      <CardList items={t.industries.items} look="beside" marker={industryIcon} className={GRID} />
    </Section>
  );
}
