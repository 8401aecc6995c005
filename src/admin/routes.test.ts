import { describe, expect, it } from 'vitest';
import { AGENDA_PATH, CONVERSATIONS_PATH, inboxLeadPath, OVERVIEW_PATH, routeOf } from './routes.ts';

describe("the inbox's pages", () => {
  it('are the list, the overview, the agenda, the conversations and a lead, with or without a trailing slash', () => {
    expect(routeOf('/admin')).toEqual({ view: 'list' });
    expect(routeOf('/admin/')).toEqual({ view: 'list' });
    expect(routeOf(OVERVIEW_PATH)).toEqual({ view: 'overview' });
    expect(routeOf(AGENDA_PATH)).toEqual({ view: 'agenda' });
    expect(routeOf(CONVERSATIONS_PATH)).toEqual({ view: 'conversations' });
    expect(routeOf(`${CONVERSATIONS_PATH}/`)).toEqual({ view: 'conversations' });
    expect(routeOf('/admin/leads/01J9Z3')).toEqual({ view: 'lead', id: '01J9Z3' });
    expect(routeOf('/admin/leads/01J9Z3/')).toEqual({ view: 'lead', id: '01J9Z3' });
  });

  it("read back the lead's path the mails link to, whatever its id holds", () => {
    for (const id of ['abc', 'a/b c', 'лийд', '%41']) expect(routeOf(inboxLeadPath(id))).toEqual({ view: 'lead', id });
  });

  it('show "not found" for anything else', () => {
    for (const path of ['/admin/leads', '/admin/leads/a/b', '/admin/nope', '/admin/conversations/x', '/administrator', '/admin/leads/%E0%A4%A']) {
      expect(routeOf(path), path).toEqual({ view: 'missing' });
    }
  });
});
