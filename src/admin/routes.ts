// The inbox's own pages, each a path under /admin that the server answers with the same HTML: the list
// (its filters in the query), the overview with the chart, the agenda, the conversations with the
// assistants (their search in the query), and one lead (the notification mails link there). Routing is
// the History API's and these few lines; no router library ships for a handful of pages.
import type { InboxTexts } from '../content/i18n/inbox.ts';
import type { IconName } from '../shared/icon-names.ts';
import { INBOX_PATH, inboxLeadPath } from '../shared/inbox.ts';

export const OVERVIEW_PATH = `${INBOX_PATH}/overview`;
export const AGENDA_PATH = `${INBOX_PATH}/agenda`;
export const CONVERSATIONS_PATH = `${INBOX_PATH}/conversations`;
export { INBOX_PATH, inboxLeadPath };

export type InboxRoute =
  | { view: 'list' }
  | { view: 'overview' }
  | { view: 'agenda' }
  | { view: 'conversations' }
  | { view: 'lead'; id: string }
  | { view: 'missing' };

export type InboxView = InboxRoute['view'];

interface InboxPage {
  /** Its address, for a page that has one of its own (a lead's is `inboxLeadPath`). */
  path?: string;
  /** What the tab's title says. */
  title: (t: InboxTexts) => string;
  /** Its place in the top bar, in this table's order. */
  nav?: { label: (t: InboxTexts) => string; icon: IconName };
}

/**
 * The inbox's pages, in one table that the router (routeOf), the titles (app.tsx), the top bar
 * (shell/page-nav.tsx) and the pages (pages.tsx, by view) read. The Spam view is the list's, filtered.
 */
export const INBOX_PAGES: Record<InboxView, InboxPage> = {
  list: { path: INBOX_PATH, title: (t) => t.list.title, nav: { label: (t) => t.nav.leads, icon: 'inbox' } },
  overview: { path: OVERVIEW_PATH, title: (t) => t.chart.title, nav: { label: (t) => t.nav.overview, icon: 'scale' } },
  agenda: { path: AGENDA_PATH, title: (t) => t.agenda.title, nav: { label: (t) => t.nav.agenda, icon: 'calendar-blank' } },
  conversations: { path: CONVERSATIONS_PATH, title: (t) => t.conversations.title, nav: { label: (t) => t.nav.conversations, icon: 'chat' } },
  lead: { title: (t) => t.lead.details },
  missing: { title: (t) => t.notFound.title },
};

/** The pages with an address of their own, by it. */
const BY_PATH = new Map(
  Object.entries(INBOX_PAGES).flatMap(([view, page]) => (page.path ? [[page.path, { view } as InboxRoute] as const] : [])),
);

/** Which page a path shows; a trailing slash changes nothing. */
export function routeOf(pathname: string): InboxRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = BY_PATH.get(path);
  if (page) return page;
  const lead = new RegExp(`^${INBOX_PATH}/leads/([^/]+)$`).exec(path);
  if (lead?.[1]) {
    try {
      return { view: 'lead', id: decodeURIComponent(lead[1]) };
    } catch {
      return { view: 'missing' };
    }
  }
  return { view: 'missing' };
}
