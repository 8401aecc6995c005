import { buttonVariants } from '../ui/button.tsx';
import { PageHeading } from './components/page-heading.tsx';
import { useInbox } from './inbox-context.ts';
import { Link } from './navigation.tsx';
import { INBOX_PATH } from './routes.ts';

/** An address under /admin that is none of the inbox's pages. */
export function NotFoundView() {
  const { t } = useInbox();
  return (
    <>
      <PageHeading>{t.notFound.title}</PageHeading>
      <p className="mt-3 text-slate-300">{t.notFound.body}</p>
      <Link href={INBOX_PATH} className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'mt-6' })}>
        {t.notFound.home}
      </Link>
    </>
  );
}
