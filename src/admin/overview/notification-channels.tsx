// The notification channels that are set up, as the session described them: each one's state, the
// service's own words for its last failure, and a sample message to check it works (the server sends
// it at once: inbox/channel-routes.ts). A channel that takes no sample (the webhook) is listed without.
import { useState } from 'react';
import { format } from '../../content/i18n/format.ts';
import { INBOX_API, type ChannelDescription } from '../../shared/inbox.ts';
import { cn } from '../../ui/cn.ts';
import { BusyButton } from '../components/busy-button.tsx';
import { useInbox } from '../inbox-context.ts';

export function NotificationChannels() {
  const { t, api, channels, locale } = useInbox();
  const n = t.notificationChannels;
  const shown = channels.filter((c) => c.configured);
  const [busy, setBusy] = useState<string>();
  const [said, setSaid] = useState<{ ok: boolean; text: string }>();

  async function sample(channel: ChannelDescription) {
    setBusy(channel.name);
    setSaid(undefined);
    try {
      await api.post(INBOX_API.channelSample(channel.name));
      setSaid({ ok: true, text: format(n.sent, { channel: channel.names[locale].name }) });
    } catch (err) {
      setSaid({ ok: false, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <section aria-labelledby="channels-title" className="rounded-2xl border border-line bg-panel/80 p-5 sm:p-6">
      <h2 id="channels-title" className="text-lg font-semibold tracking-tight">
        {n.title}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{shown.length ? n.text : n.none}</p>
      {shown.length > 0 && (
        <ul className="mt-4 divide-y divide-line">
          {shown.map((c) => {
            const failing = c.health === 'failing';
            return (
              <li key={c.name} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <div className="min-w-0">
                  <p className="font-medium text-slate-100">
                    {c.names[locale].name}{' '}
                    <span
                      className={cn(
                        'ml-1 rounded-full px-2 py-0.5 text-xs font-semibold',
                        failing ? 'bg-rose-500/15 text-rose-200' : 'bg-emerald-400/15 text-emerald-200',
                      )}
                    >
                      {failing ? n.failing : n.ok}
                    </span>
                  </p>
                  {failing && c.last_error && <p className="mt-1 text-sm break-words text-rose-200/90">{c.last_error}</p>}
                </div>
                {c.samples && (
                  <BusyButton size="sm" variant="secondary" className="self-start sm:self-auto" busy={busy === c.name} onClick={() => void sample(c)}>
                    {busy === c.name ? n.sending : n.sample}
                    <span className="sr-only"> · {c.names[locale].name}</span>
                  </BusyButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className={cn('mt-3 text-sm empty:hidden', said?.ok === false ? 'text-rose-200' : 'text-emerald-200')}>
        {said?.text ?? ''}
      </p>
    </section>
  );
}
