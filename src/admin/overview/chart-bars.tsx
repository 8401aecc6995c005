import { format } from '../../content/i18n/format.ts';
import type { ChartSpan } from '../../shared/inbox.ts';
import { cn } from '../../ui/cn.ts';
import { dayText } from '../../shared/inbox-time.ts';
import { useInbox } from '../inbox-context.ts';
import type { Bar } from './chart.ts';
import { SERVICE_COLOURS } from './service-colours.ts';

/** The drawing's own units: one slot per day, bars a little narrower than their slot. */
const SLOT = 10;
export const HEIGHT = 100;

interface ChartBarsProps {
  bars: Bar[];
  /** The scale's top value (chart.ts). */
  top: number;
  /** All the period's leads. */
  total: number;
  span: ChartSpan;
}

/** The bars, a day each, stacked by service, between the scale and the first, middle and last days. */
export function ChartBars({ bars, top, total, span }: ChartBarsProps) {
  const { t, locale } = useInbox();
  const width = bars.length * SLOT;
  const first = bars[0];
  const last = bars[bars.length - 1];
  const middle = bars[Math.floor(bars.length / 2)];

  return (
    <div className="flex gap-3">
      <div aria-hidden="true" className="flex h-56 flex-col justify-between py-0 text-right text-xs text-slate-400 tabular-nums sm:h-64">
        <span className="-translate-y-1/2">{top}</span>
        <span className="-translate-y-1/2">{top / 2}</span>
        <span className="translate-y-1/2">0</span>
      </div>
      <div className="min-w-0 flex-1">
        <svg
          role="img"
          aria-labelledby="chart-title chart-desc"
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="block h-56 w-full overflow-visible sm:h-64"
        >
          <title id="chart-title">{`${t.chart.perDay}, ${format(t.chart.span, { days: span })}`}</title>
          <desc id="chart-desc">{format(t.chart.description, { total, days: span })}</desc>
          {[0, HEIGHT / 2, HEIGHT].map((y) => (
            <line key={y} x1={0} x2={width} y1={y} y2={y} className="stroke-slate-700" strokeDasharray={y === HEIGHT ? undefined : '3 3'} vectorEffect="non-scaling-stroke" />
          ))}
          {bars.map((bar, i) => (
            <g key={bar.date}>
              <title>{`${dayText(bar.date, locale, 'long')}: ${bar.total}`}</title>
              {/* A bar's whole slot answers the pointer, so a day without leads still shows its tooltip. */}
              <rect x={i * SLOT} y={0} width={SLOT} height={HEIGHT} className="fill-transparent hover:fill-slate-700/30" />
              {bar.segments.map((segment) => (
                <rect
                  key={segment.service}
                  x={i * SLOT + SLOT * 0.15}
                  width={SLOT * 0.7}
                  y={segment.y}
                  height={segment.height}
                  className={cn(SERVICE_COLOURS[segment.service].fill, 'pointer-events-none')}
                />
              ))}
            </g>
          ))}
        </svg>
        <div aria-hidden="true" className="mt-2 flex justify-between text-xs text-slate-400">
          <span>{first && dayText(first.date, locale)}</span>
          <span>{middle && dayText(middle.date, locale)}</span>
          <span>{last && dayText(last.date, locale)}</span>
        </div>
      </div>
    </div>
  );
}
