// Where the links the site sends point (invitations, the operator's mail, the calendar feed, the
// webhook's lead link): the public origin the pages are built for (`website` in src/content/site.ts,
// decision 012), or, while that is still the placeholder under the reserved `.example` domain (a
// fresh clone, a local run), the address this server is served on, so a link in a mail caught on the
// machine opens there. The server says so at start (main.ts).
import { business } from '../../content/site.ts';

/** Whether an origin is a placeholder: its host is under `.example`, which never resolves (RFC 2606). */
export const isPlaceholderOrigin = (origin: string): boolean => /(^|\.)example$/.test(new URL(origin).hostname);

/** The origin of the links the site sends, for a server listening on `host`:`port`. */
export function linkOrigin(host: string, port: number, website: string = business.website): string {
  if (!isPlaceholderOrigin(website)) return website;
  const local = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
}
