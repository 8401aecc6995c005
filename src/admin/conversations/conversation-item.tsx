import { plural } from '../../content/i18n/format.ts';
import type { ConversationJson } from '../../shared/conversations.ts';
import { inboxLeadPath } from '../../shared/inbox.ts';
import { dateTimeText } from '../../shared/inbox-time.ts';
import { cn } from '../../ui/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { useInbox } from '../inbox-context.ts';
import { Link } from '../navigation.tsx';
import { durationAttribute, durationText, startOf, withAssistant } from './conversation-text.ts';
import { Transcript } from './transcript.tsx';

/**
 * One conversation in the list: with whom and when (Sofia's clock), how long, its summary in at most
 * three lines, and the lead it made, a link to the lead's page (where the whole conversation is); one
 * that made no lead shows its transcript here, behind a disclosure, which also shows its whole summary.
 */
export function ConversationItem({ conversation }: { conversation: ConversationJson }) {
  const { t, locale } = useInbox();
  const c = t.conversations;
  const { channel, durationSeconds, summary, transcript, leadId, leadName, reported } = conversation;
  const start = startOf(conversation);
  return (
    <li className="group/item rounded-2xl border border-line bg-panel/80 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <h3
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1',
            channel === 'voice' ? 'bg-violet-400/10 text-violet-100 ring-violet-400/30' : 'bg-teal-400/10 text-teal-100 ring-teal-400/30',
          )}
        >
          <Icon name={channel === 'voice' ? 'mic' : 'chat'} className="size-4 shrink-0" />
          {withAssistant(c.channel[channel], channel, t)}
        </h3>
        <p className="text-sm text-slate-300">
          <time dateTime={start}>{dateTimeText(start, locale)}</time>
          {durationSeconds !== null && (
            <>
              <span aria-hidden="true" className="text-slate-500">
                {' '}
                ·{' '}
              </span>
              <span className="sr-only">, </span>
              <time dateTime={durationAttribute(durationSeconds)}>{durationText(durationSeconds, t)}</time>
            </>
          )}
        </p>
      </div>

      <p
        className={cn(
          'mt-3 line-clamp-3 max-w-3xl text-pretty wrap-anywhere group-has-[details[open]]/item:line-clamp-none',
          summary ? 'text-slate-100' : 'text-slate-400',
        )}
      >
        {summary ?? (reported ? c.noSummary : c.notReported)}
      </p>

      <p className="mt-3 text-sm">
        {leadId ? (
          <>
            <span className="text-slate-400">{c.lead}: </span>
            <Link href={inboxLeadPath(leadId)} className="font-medium wrap-anywhere text-cyan-300 underline-offset-4 hover:underline">
              {leadName ?? leadId}
            </Link>
          </>
        ) : (
          <span className="inline-flex items-center rounded-full bg-slate-400/10 px-2.5 py-0.5 text-xs font-semibold text-slate-300 ring-1 ring-slate-400/25">
            {c.noLead}
          </span>
        )}
      </p>

      {!leadId && transcript.length > 0 && (
        <details className="group mt-3">
          <summary className="inline-flex min-h-10 cursor-pointer list-none items-center gap-1.5 rounded-full px-1 text-sm font-medium text-cyan-300 hover:text-cyan-200 hover:underline [&::-webkit-details-marker]:hidden">
            <Icon name="chevron-down" className="size-4 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
            <span className="group-open:hidden">{plural(c.showTranscript, transcript.length, locale)}</span>
            <span className="hidden group-open:inline">{c.hideTranscript}</span>
          </summary>
          <div className="mt-2 max-w-3xl">
            <Transcript lines={transcript} channel={channel} />
          </div>
        </details>
      )}
    </li>
  );
}
