// The inbox's own pages, each a path under /admin that the server answers with the same HTML: the list
// (its filters in the query), the overview with the chart, the agenda, the conversations with the
// assistants (their search in the query), and one lead (the notification mails link there). Routing is
// the History API's and these few lines; no router library ships for a handful of pages.
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

/** Which page a path shows; a trailing slash changes nothing. */
export function routeOf(pathname: string): InboxRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === INBOX_PATH) return { view: 'list' };
  if (path === OVERVIEW_PATH) return { view: 'overview' };
  if (path === AGENDA_PATH) return { view: 'agenda' };
  if (path === CONVERSATIONS_PATH) return { view: 'conversations' };
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
