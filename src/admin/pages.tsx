import type { InboxSession } from '../shared/inbox.ts';
import { AgendaView } from './agenda/agenda-view.tsx';
import { ConversationsView } from './conversations/conversations-view.tsx';
import { LeadView } from './lead/lead-view.tsx';
import { ListView } from './leads/list-view.tsx';
import { NotFoundView } from './not-found-view.tsx';
import { OverviewView } from './overview/overview-view.tsx';
import type { InboxRoute } from './routes.ts';
import { FailingChannels } from './shell/failing-channels.tsx';
import { Alert } from '../ui/alert.tsx';

interface InboxPagesProps {
  route: InboxRoute;
  /** The address's query. */
  search: string;
  session: InboxSession;
  /** What an erasure left to say (use-erasure-notice.ts). */
  notice: string | undefined;
  logoutError: string | undefined;
  /** The list's query as it was left, and its changes. */
  listSearch: string;
  onListSearch: (search: string) => void;
  onErased: (count: number) => void;
}

type PageProps = Pick<InboxPagesProps, 'search' | 'listSearch' | 'onListSearch' | 'onErased'>;

/** Each view of the route table (routes.ts) and what it draws. */
function pageOf(route: InboxRoute, { search, listSearch, onListSearch, onErased }: PageProps) {
  switch (route.view) {
    case 'list':
      return <ListView search={search} onSearch={onListSearch} />;
    case 'overview':
      return <OverviewView search={search} />;
    case 'agenda':
      return <AgendaView />;
    case 'conversations':
      return <ConversationsView search={search} />;
    case 'lead':
      return <LeadView key={route.id} id={route.id} listSearch={listSearch} onErased={onErased} />;
    case 'missing':
      return <NotFoundView />;
  }
}

/** The logged-in inbox: its warnings and notices, above the page the address names. */
export function InboxPages({ route, search, session, notice, logoutError, listSearch, onListSearch, onErased }: InboxPagesProps) {
  return (
    <>
      {logoutError && <Alert className="mb-6">{logoutError}</Alert>}
      <FailingChannels channels={session.failing_channels} />
      <p role="status" className="mb-6 rounded-2xl border border-emerald-400/30 bg-emerald-400/10 px-4 py-3 text-sm text-emerald-100 empty:hidden">
        {notice ?? ''}
      </p>
      {pageOf(route, { search, listSearch, onListSearch, onErased })}
    </>
  );
}
