import type { ServiceCard as Card, ServiceId } from '../../content/i18n/services.en.ts';
import { SERVICE_LINES } from '../../shared/service-lines.ts';
import { useI18n } from '../use-i18n.ts';
import { IconBadge } from '../../ui/icon-badge.tsx';
import { FINE_STROKE, Icon } from '../../ui/icons.tsx';

/** Element ids of one service: fixed, so the prerender and the browser agree on them. */
export function serviceDomIds(id: ServiceId) {
  return {
    card: `service-${id}`,
    title: `service-${id}-title`,
    subtitle: `service-${id}-subtitle`,
    details: `service-${id}-details`,
    detailsTitle: `service-${id}-details-title`,
  };
}

/** Two digits, as the cards and benefits are numbered on screen. */
export const ordinal = (index: number) => String(index + 1).padStart(2, '0');

interface ServiceCardProps {
  card: Card;
  index: number;
  open: boolean;
  onToggle: () => void;
}

/** One slide's card: the whole card is the button that shows or hides the service's details. */
export function ServiceCard({ card, index, open, onToggle }: ServiceCardProps) {
  const { t } = useI18n();
  const ids = serviceDomIds(card.id);
  const state = open
    ? 'border-cyan-400/50 bg-gradient-to-b from-indigo-500/20 to-panel shadow-xl shadow-cyan-500/10'
    : 'border-line bg-panel/80 hover:-translate-y-1 hover:border-indigo-400/40 hover:bg-panel';

  return (
    <button
      type="button"
      id={ids.card}
      aria-expanded={open}
      aria-controls={ids.details}
      aria-labelledby={ids.title}
      aria-describedby={ids.subtitle}
      onClick={onToggle}
      className={`relative flex w-full flex-col rounded-3xl border p-6 text-left transition duration-300 motion-reduce:transition-none sm:p-7 ${state}`}
    >
      <span aria-hidden="true" className="absolute top-7 right-7 text-sm font-semibold text-slate-400 tabular-nums">
        {ordinal(index)}
      </span>
      <IconBadge look="faint" name={SERVICE_LINES[card.id].card.icon} />
      <span id={ids.title} className="mt-6 text-xl leading-snug font-semibold text-balance text-white">
        {card.title}
      </span>
      <span id={ids.subtitle} className="mt-2 text-sm leading-relaxed text-pretty text-slate-400">
        {card.subtitle}
      </span>
      <span className="mt-auto flex items-center gap-1.5 pt-6 text-sm font-semibold text-cyan-300">
        {open ? t.services.collapse : t.services.expand}
        <Icon
          strokeWidth={FINE_STROKE}
          name="chevron-down"
          className={`size-4 transition-transform duration-300 motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
        />
      </span>
    </button>
  );
}
