// The conversations with Alex (voice) and Lana (chat), newest first, whether or not they made a lead:
// what a visitor asked, and what became of it. A search (the address's `?q=`) finds a word of a summary
// or a transcript, or a lead's name, email or business.
import { format, plural } from '../../content/i18n/format.ts';
import { RECENT_CONVERSATIONS, type ConversationJson } from '../../shared/conversations.ts';
import { INBOX_API, SEARCH_MAX_LENGTH } from '../../shared/inbox.ts';
import { buttonVariants } from '../../ui/button.tsx';
import { Alert } from '../../ui/alert.tsx';
import { cn } from '../../ui/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { useInbox } from '../inbox-context.ts';
import { navigate } from '../navigation.tsx';
import { CONVERSATIONS_PATH } from '../routes.ts';
import { useResource } from '../use-resource.ts';
import { ConversationItem } from './conversation-item.tsx';
import { ConversationSearch } from './conversation-search.tsx';

/** The search the address holds, as the API reads it. */
const conversationQueryOf = (search: string) => (new URLSearchParams(search).get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);

/** The view's address for a search; none for every conversation. */
const conversationsPathOf = (q: string) => CONVERSATIONS_PATH + (q ? `?${new URLSearchParams({ q })}` : '');

export function ConversationsView({ search }: { search: string }) {
  const { t, locale } = useInbox();
  const c = t.conversations;
  const q = conversationQueryOf(search);
  const list = useResource<{ conversations: ConversationJson[] }>(INBOX_API.conversations + (q ? `?${new URLSearchParams({ q })}` : ''));
  const conversations = list.data?.conversations ?? [];
  const stale = list.loading || !list.current;
  const names = { voice: t.assistants.voice, chat: t.assistants.chat };
  const said = list.loading ? c.loading : list.error ? '' : conversations.length ? plural(c.shown, conversations.length, locale) : q ? format(c.noMatch, { q }) : format(c.empty, names);

  return (
    <>
      <PageHeading>{c.title}</PageHeading>
      <p className="mt-2 max-w-3xl text-sm text-pretty text-slate-400">{format(c.intro, { ...names, max: RECENT_CONVERSATIONS })}</p>

      <div className="mt-5">
        <ConversationSearch q={q} onSearch={(next) => navigate(conversationsPathOf(next))} />
      </div>

      <section aria-labelledby="conversations-results" aria-busy={list.loading} className="mt-6">
        <h2 id="conversations-results" className="sr-only">
          {c.title}
        </h2>
        <p role="status" className="sr-only">
          {said}
        </p>
        {list.error && (
          <Alert className="mb-4" retry={{ label: t.errors.retry, onRetry: list.reload }}>
            {list.error.message}
          </Alert>
        )}
        {!list.data && list.loading ? (
          <p className="rounded-2xl border border-line bg-panel/60 p-8 text-center text-slate-400">{c.loading}</p>
        ) : list.data && conversations.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-600 p-8 text-center sm:p-12">
            <Icon name="chat" className="mx-auto size-10 text-slate-500" />
            <p className="mt-3 text-pretty wrap-anywhere text-slate-300">{q ? format(c.noMatch, { q }) : format(c.empty, names)}</p>
            {q && (
              <button type="button" onClick={() => navigate(conversationsPathOf(''))} className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'mt-4' })}>
                {c.showAllConversations}
              </button>
            )}
          </div>
        ) : (
          <ol aria-labelledby="conversations-results" className={cn('grid gap-4 transition-opacity', stale && 'opacity-60')}>
            {conversations.map((conversation) => (
              <ConversationItem key={conversation.id} conversation={conversation} />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
