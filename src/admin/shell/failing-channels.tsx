import { format } from '../../content/i18n/format.ts';
import type { InboxSession } from '../../shared/inbox.ts';
import { ALERT_LOOK } from '../../ui/alert.tsx';
import { cn } from '../../ui/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { useInbox } from '../inbox-context.ts';

/** The warning while a notification channel keeps failing (its last three deliveries). */
export function FailingChannels({ channels }: { channels: InboxSession['failing_channels'] }) {
  const { t, locale, channel, channels: described } = useInbox();
  if (channels.length === 0) return null;
  const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(channels.map((c) => channel(c).phrase));
  // The service's own words for each one's last failure (`no_service`, `chat not found`), where known.
  const said = channels.flatMap((name) => {
    const error = described.find((c) => c.name === name)?.last_error;
    return error ? [[name, error] as const] : [];
  });
  return (
    <section
      aria-labelledby="failing-title"
      className={cn(ALERT_LOOK, 'mb-6 flex gap-3 p-4 text-sm sm:p-5')}
    >
      <Icon name="shield" className="mt-0.5 size-5 shrink-0 text-rose-300" />
      <div>
        <h2 id="failing-title" className="font-semibold text-rose-100">
          {t.failing.title}
        </h2>
        <p className="mt-1 text-pretty text-rose-100/90">{format(t.failing.body, { channels: names })}</p>
        {said.length > 0 && (
          <ul className="mt-2 space-y-1 text-rose-100/90">
            {said.map(([name, error]) => (
              <li key={name} className="break-words">
                {channel(name).name}: {error}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
