// An iCalendar object as text, the way RFC 5545 writes it: every content line, the last one included,
// ended by CRLF. ical-generator leaves the last line unended; strict parsers (and mail clients that
// check an invitation) expect the break, so every calendar the site writes goes through here.
import type { ICalCalendar } from 'ical-generator';

export function icsText(calendar: ICalCalendar): string {
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
