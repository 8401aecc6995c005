import { format } from '../../content/i18n/format.ts';
import { FUNNEL_STEPS, type FunnelCounts } from '../../shared/funnel.ts';
import { useInbox } from '../inbox-context.ts';
import { share } from './share.ts';

/** A count's cell in the funnel's tables. */
export const cell = 'px-3 py-2.5 text-right tabular-nums whitespace-nowrap';

/** A row's five counts, each after the first with its share of the one before. */
export function StepCells({ counts }: { counts: FunnelCounts }) {
  const { t, locale } = useInbox();
  const number = new Intl.NumberFormat(locale);
  return (
    <>
      {FUNNEL_STEPS.map((step, i) => {
        const before = i > 0 ? counts[FUNNEL_STEPS[i - 1]!] : undefined;
        const percent = before === undefined ? undefined : share(counts[step], before, locale);
        return (
          <td key={step} className={cell}>
            <span className="block text-slate-100">{number.format(counts[step])}</span>
            {percent && (
              <span className="block text-xs text-slate-400">
                <span aria-hidden="true">{percent}</span>
                <span className="sr-only">{format(t.funnel.ofPrevious, { percent })}</span>
              </span>
            )}
          </td>
        );
      })}
    </>
  );
}
