import { format } from '../../content/i18n/format.ts';
import { INBOX_API, type ExportShape } from '../../shared/inbox.ts';
import { SPAM_RETENTION_DAYS } from '../../shared/promises.ts';
import { buttonVariants } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { useInbox } from '../inbox-context.ts';

/** The list's heading and its export (of the leads under the filters of `query`); in the Spam view, what it is. */
export function ListHeader({ spam, query }: { spam: boolean; query: string }) {
  const { t, locale } = useInbox();
  // The headers in the inbox's language, which the browser's Accept-Language may not be.
  const href = (shape: ExportShape) =>
    `${INBOX_API.export}${query ? `${query}&` : '?'}${new URLSearchParams({ lang: locale, ...(shape === 'csv' ? {} : { shape }) })}`;
  const links: [ExportShape, string][] = [
    ['csv', t.list.exportCsv],
    ['excel', t.list.exportExcel],
  ];
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading>{spam ? t.spam.title : t.list.title}</PageHeading>
        <div className="flex flex-wrap gap-2">
          {links.map(([shape, label]) => (
            <a
              key={shape}
              href={href(shape)}
              download
              aria-describedby="export-hint"
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            >
              <Icon name="arrow-down" className="size-4" />
              {label}
            </a>
          ))}
        </div>
        <span id="export-hint" className="sr-only">
          {t.list.exportHint}
        </span>
      </div>

      {spam && <p className="mt-2 max-w-3xl text-sm text-pretty text-slate-400">{format(t.spam.intro, { days: SPAM_RETENTION_DAYS })}</p>}
    </>
  );
}
