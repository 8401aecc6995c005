import type { LeadDetail } from '../../shared/inbox.ts';
import { buttonVariants } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { StatusBadge } from '../components/lead-marks/status-badge.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { useInbox } from '../inbox-context.ts';
import { Link } from '../navigation.tsx';
import { INBOX_PATH } from '../routes.ts';
import { telOf } from './phone.ts';

interface LeadHeaderProps {
  /** The lead, once it has come. */
  lead: LeadDetail | undefined;
  /** Whether the API said there is no such lead. */
  missing: boolean;
  /** The list's query, for the way back to it as it was left. */
  listSearch: string;
}

/** The way back to the list, the lead's name, status and business, and its one-press call and email. */
export function LeadHeader({ lead: data, missing, listSearch }: LeadHeaderProps) {
  const { t } = useInbox();
  // One heading element whatever the state, so the focus a new page gives it stays through the load.
  return (
    <>
      <Link href={INBOX_PATH + listSearch} className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-300 hover:text-white">
        <Icon name="chevron-left" className="size-4" />
        {t.lead.back}
      </Link>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <PageHeading className="min-w-0 wrap-anywhere">{data ? data.first_name : missing ? t.lead.notFoundTitle : t.lead.loading}</PageHeading>
            {data && <StatusBadge status={data.status} />}
          </div>
          {data && <p className="mt-1 text-lg wrap-anywhere text-slate-300">{data.business_name}</p>}
        </div>
        {data && (
          <div className="grid grid-cols-2 gap-3 sm:flex">
            <a href={telOf(data)} className={buttonVariants({ size: 'md' })}>
              <Icon name="handset" className="size-4.5" />
              {t.lead.call}
            </a>
            <a href={`mailto:${data.email}`} className={buttonVariants({ variant: 'secondary', size: 'md' })}>
              <Icon name="mail" className="size-4.5" />
              {t.lead.email}
            </a>
          </div>
        )}
      </div>
    </>
  );
}
