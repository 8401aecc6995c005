import { dateTimeText } from '../../../shared/inbox-time.ts';
import { ageText } from '../../clock.ts';
import { useInbox } from '../../inbox-context.ts';

/** "5 minutes ago", the full date and time (Sofia's) on hover and for machines. */
export function Received({ at, now }: { at: string; now: number }) {
  const { locale } = useInbox();
  return (
    <time dateTime={at} title={dateTimeText(at, locale)} className="whitespace-nowrap">
      {ageText(at, now, locale)}
    </time>
  );
}
