// A second reader of the calendars the site writes, one it does not write them with: Python's
// `icalendar` (Debian's python3-icalendar, which CI installs). It reads an iCalendar text strictly and
// gives back its method and events; the tests compare what it read with what was meant.
import { spawnSync } from 'node:child_process';

const PYTHON = process.env.PYTHON_PATH ?? '/usr/bin/python3';

const READER = `
import json, sys
from icalendar import Calendar
calendar = Calendar.from_ical(sys.stdin.buffer.read())
def when(v):
    return v.dt.isoformat() if v is not None else None
events = [{
    'uid': str(e.get('uid')),
    'sequence': int(e.get('sequence', 0)),
    'start': when(e.get('dtstart')),
    'end': when(e.get('dtend')),
    'summary': str(e.get('summary', '')),
    'status': str(e.get('status', '')),
} for e in calendar.walk('VEVENT')]
print(json.dumps({'method': str(calendar.get('method', '')), 'events': events}))
`;

export interface PythonCalendar {
  method: string;
  events: { uid: string; sequence: number; start: string | null; end: string | null; summary: string; status: string }[];
}

/** Whether the reader is on this machine: without it a test says so and is skipped, except on CI. */
export const hasPythonIcalendar = (): boolean => spawnSync(PYTHON, ['-c', 'import icalendar'], { encoding: 'utf8' }).status === 0;

/** The calendar as Python's icalendar reads it; throws with its error when it cannot. */
export function readWithPython(text: string): PythonCalendar {
  const run = spawnSync(PYTHON, ['-c', READER], { input: text, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`python icalendar could not read it: ${run.stderr}`);
  return JSON.parse(run.stdout) as PythonCalendar;
}

/** The lines of a text that do not end with CRLF (RFC 5545 ends every content line, the last one too, with it). */
export const linesWithoutCrlf = (text: string): string[] =>
  text.endsWith('\r\n') ? text.split('\r\n').slice(0, -1).filter((line) => line.includes('\n')) : ['(the last line)'];
