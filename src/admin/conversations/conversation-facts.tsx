import type { ReactNode } from 'react';
import type { ConversationJson } from '../../shared/conversations.ts';
import { dateTimeText } from '../../shared/inbox-time.ts';
import { Icon } from '../../ui/icons.tsx';
import { DetailList } from '../components/detail-list.tsx';
import { useInbox } from '../inbox-context.ts';
import { durationAttribute, durationText, endedText, isWebAddress, startOf, withAssistant } from './conversation-text.ts';

/**
 * What a conversation was: with whom, when it started (Sofia's clock), how long it lasted, how it ended,
 * and its recording, a link that opens in a new tab (played by the browser, never inside the inbox).
 */
export function ConversationFacts({ conversation }: { conversation: ConversationJson }) {
  const { t, locale } = useInbox();
  const c = t.conversations;
  const { channel, durationSeconds, endedReason, recordingUrl } = conversation;
  const start = startOf(conversation);
  const rows: [string, ReactNode][] = [
    [c.channelLabel, withAssistant(c.channel[channel], channel, t)],
    [c.started, <time key="started" dateTime={start}>{dateTimeText(start, locale)}</time>],
  ];
  if (durationSeconds !== null) {
    rows.push([c.duration, <time key="duration" dateTime={durationAttribute(durationSeconds)}>{durationText(durationSeconds, t)}</time>]);
  }
  if (endedReason) rows.push([c.ended, endedText(endedReason, channel, t)]);
  if (recordingUrl && isWebAddress(recordingUrl)) {
    rows.push([
      c.recording,
      <a key="recording" href={recordingUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-start gap-1.5 text-cyan-300 underline-offset-4 hover:underline">
        <Icon name="headset" className="mt-0.5 size-4 shrink-0" />
        <span>
          {c.listen} <span className="text-slate-300">{c.newTab}</span>
        </span>
      </a>,
    ]);
  }
  return <DetailList rows={rows} />;
}
