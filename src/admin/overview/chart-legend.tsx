import type { Service } from '../../shared/booking.ts';
import { cn } from '../../ui/cn.ts';
import { useInbox } from '../inbox-context.ts';
import { SERVICE_COLOURS } from './service-colours.ts';

/** The colours of the services the period's leads asked for; or that there were none. */
export function ChartLegend({ used, total }: { used: readonly Service[]; total: number }) {
  const { t, booking } = useInbox();
  if (total === 0) return <p className="text-sm text-slate-400">{t.chart.none}</p>;
  return (
    <ul aria-label={t.chart.legend} className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-300">
      {used.map((s) => (
        <li key={s} className="flex items-center gap-2">
          <span aria-hidden="true" className={cn('size-3 rounded-sm', SERVICE_COLOURS[s].swatch)} />
          {booking.services[s]}
        </li>
      ))}
    </ul>
  );
}
