import { FUNNEL_STEPS } from '../../shared/funnel.ts';
import { useInbox } from '../inbox-context.ts';

/** The funnel's steps, as its tables' column headers. */
export function StepHeaders() {
  const { t } = useInbox();
  return (
    <>
      {FUNNEL_STEPS.map((step) => (
        <th key={step} scope="col" className="px-3 py-2 text-right align-bottom font-medium">
          {t.funnel.steps[step]}
        </th>
      ))}
    </>
  );
}
