import type { ServiceCard } from '../../content/i18n/services.en.ts';
import { SERVICE_LINES, cardProducts } from '../../shared/service-lines.ts';
import { useI18n } from '../use-i18n.ts';
import { ordinal, serviceDomIds } from './service-card.tsx';
import { CardList } from '../../ui/card-list.tsx';
import { IconBadge } from '../../ui/icon-badge.tsx';
import { FINE_STROKE, Icon } from '../../ui/icons.tsx';

const subheading = 'text-xs font-semibold tracking-[0.14em] text-slate-400 uppercase';

/**
 * A service's details: what it is, what can be booked, and what it brings. Every service's details are
 * in the page (each card's `aria-controls` points at them, and search engines read them); only the one
 * on screen is displayed.
 */
export function ServiceDetails({ card, shown }: { card: ServiceCard; shown: boolean }) {
  const { t } = useI18n();
  const ids = serviceDomIds(card.id);

  return (
    <div
      id={ids.details}
      role="region"
      aria-labelledby={ids.detailsTitle}
      hidden={!shown}
      className="pt-6 transition duration-500 ease-out starting:translate-y-3 starting:opacity-0 motion-reduce:transition-none"
    >
      <div className="rounded-3xl border border-line bg-gradient-to-br from-indigo-950/60 via-panel to-panel p-6 sm:p-10">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-12">
          <div>
            <div className="flex items-center gap-4">
              <IconBadge look="solid" name={SERVICE_LINES[card.id].card.icon} />
              <h3 id={ids.detailsTitle} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
                {card.title}
              </h3>
            </div>
            <p className="mt-4 font-medium text-pretty text-cyan-300">{card.subtitle}</p>
            <p className="mt-4 leading-relaxed text-pretty text-slate-300">{card.description}</p>
          </div>
          <div className="self-start rounded-2xl border border-line bg-ink/50 p-6">
            <h4 className={subheading}>{t.services.productsHeading}</h4>
            <ul className="mt-4 space-y-3">
              {cardProducts(card.id).map((product) => (
                <li key={product} className="flex gap-3 text-slate-200">
                  <Icon strokeWidth={FINE_STROKE} name="check" className="mt-0.5 size-5 shrink-0 text-cyan-400" />
                  {t.products[product]}
                </li>
              ))}
            </ul>
          </div>
        </div>

        <h4 className={`mt-10 ${subheading}`}>{t.services.benefitsHeading}</h4>
        <CardList
          items={card.benefits}
          look="inset"
          marker={(benefit, i) => (
            <div className="flex items-center justify-between">
              <span aria-hidden="true" className="text-gradient text-2xl font-extrabold tabular-nums">
                {ordinal(i)}
              </span>
              <Icon strokeWidth={FINE_STROKE} name={benefit.icon} className="size-6 text-slate-400" />
            </div>
          )}
          ordered
          titleAs="p"
          className={`mt-4 grid gap-4 sm:grid-cols-2 ${card.benefits.length > 3 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}
        />
      </div>
    </div>
  );
}
