import { format } from '../../content/i18n/format.ts';
import { CHART_SPANS, type ChartSpan } from '../../shared/inbox.ts';
import { cn } from '../../ui/cn.ts';
import { useInbox } from '../inbox-context.ts';
import { navigate } from '../navigation.tsx';
import { OVERVIEW_PATH } from '../routes.ts';

/** The overview's period, 30 or 90 days: kept in the URL, in place of the history entry. */
export function SpanSwitch({ span }: { span: ChartSpan }) {
  const { t } = useInbox();
  return (
    <div role="group" aria-label={t.chart.spanLabel} className="flex rounded-full border border-line p-0.5">
      {CHART_SPANS.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={days === span}
          onClick={() => navigate(`${OVERVIEW_PATH}?days=${days}`, { replace: true })}
          className={cn(
            'min-h-9 rounded-full px-3.5 text-sm font-medium',
            days === span ? 'bg-slate-100 text-ink' : 'text-slate-300 hover:text-white',
          )}
        >
          {format(t.chart.span, { days })}
        </button>
      ))}
    </div>
  );
}
