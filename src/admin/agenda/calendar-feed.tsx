// The operator's own calendar feed of the calls: its secret address to subscribe to from a calendar app,
// copied with one press, and renewed when it may have leaked (the old one stops at once).
import { useState } from 'react';
import { INBOX_API } from '../../shared/inbox.ts';
import { Button } from '../../ui/button.tsx';
import { useInbox } from '../inbox-context.ts';
import { useResource } from '../use-resource.ts';

export function CalendarFeed() {
  const { t, api } = useInbox();
  const f = t.agenda.feed;
  const feed = useResource<{ url: string }>(INBOX_API.calendar);
  const [said, setSaid] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function renew() {
    setBusy(true);
    try {
      feed.replace(await api.post<{ url: string }>(INBOX_API.calendarRenew));
      setSaid(f.renewed);
    } catch (err) {
      setSaid(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="feed-title" className="rounded-2xl border border-line bg-panel/80 p-4 sm:p-6">
      <h2 id="feed-title" className="text-lg font-semibold tracking-tight">
        {f.title}
      </h2>
      <p className="mt-2 text-sm text-slate-400">{f.text}</p>
      <label htmlFor="feed-url" className="mt-4 block text-sm font-medium text-slate-200">
        {f.label}
      </label>
      <input
        id="feed-url"
        readOnly
        value={feed.data?.url ?? ''}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-2 w-full rounded-xl border border-line bg-slate-950/60 px-3 py-2.5 font-mono text-xs text-slate-200"
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={!feed.data}
          onClick={() => {
            if (feed.data) void navigator.clipboard?.writeText(feed.data.url).then(() => setSaid(f.copied), () => undefined);
          }}
        >
          {f.copy}
        </Button>
        <Button size="sm" variant="ghost" disabled={busy || !feed.data} onClick={() => void renew()}>
          {f.renew}
        </Button>
      </div>
      <p role="status" className="mt-2 text-sm text-emerald-200 empty:hidden">
        {said ?? ''}
      </p>
    </section>
  );
}
