// A conversation's turns, each under its speaker's name: the assistant's (Alex, Lana) on the left, the
// visitor's set in from it. A long one shows its first turns and a button for the rest, so it does not
// push what follows it on the lead's page far down.
import { useId, useState } from 'react';
import { format } from '../../content/i18n/format.ts';
import type { AssistantChannel, TranscriptLine } from '../../shared/conversations.ts';
import { cn } from '../../ui/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { useInbox } from '../inbox-context.ts';
import { speakerOf } from './conversation-text.ts';

/** The turns shown before "Show the whole conversation". */
const SHORT_TRANSCRIPT_TURNS = 6;

interface TranscriptProps {
  lines: TranscriptLine[];
  channel: AssistantChannel;
  /** Cut short after SHORT_TRANSCRIPT_TURNS, with a button for the rest; else every turn at once. */
  collapsible?: boolean;
  /** The heading that names the list. */
  labelledBy?: string;
}

export function Transcript({ lines, channel, collapsible = false, labelledBy }: TranscriptProps) {
  const inbox = useInbox();
  const c = inbox.t.conversations;
  const id = useId();
  const [open, setOpen] = useState(false);
  const long = collapsible && lines.length > SHORT_TRANSCRIPT_TURNS + 1;
  const shown = long && !open ? lines.slice(0, SHORT_TRANSCRIPT_TURNS) : lines;

  return (
    <div>
      <ol id={id} aria-labelledby={labelledBy} className="grid gap-2.5">
        {shown.map((line, i) => {
          const assistant = line.speaker === 'assistant';
          return (
            <li
              key={i}
              className={cn(
                'min-w-0 rounded-xl px-3.5 py-2.5 text-sm',
                assistant ? 'mr-6 border border-indigo-400/20 bg-indigo-400/[0.07] sm:mr-12' : 'ml-6 border border-line bg-slate-800/60 sm:ml-12',
              )}
            >
              <p className={cn('text-xs font-semibold', assistant ? 'text-indigo-200' : 'text-slate-300')}>{speakerOf(line, channel, inbox.t)}</p>
              <p className="mt-0.5 wrap-anywhere whitespace-pre-wrap text-slate-100">{line.text}</p>
            </li>
          );
        })}
      </ol>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          className="mt-3 inline-flex min-h-10 items-center gap-1.5 rounded-full px-1 text-sm font-medium text-cyan-300 hover:text-cyan-200 hover:underline"
        >
          <Icon name="chevron-down" className={cn('size-4 shrink-0 transition-transform motion-reduce:transition-none', open && 'rotate-180')} />
          {open ? c.showLess : format(c.showAll, { count: lines.length })}
        </button>
      )}
    </div>
  );
}
