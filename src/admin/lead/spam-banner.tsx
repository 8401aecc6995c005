// A request taken for spam, on its page: why, and the way to make it a lead (which notifies as a new
// lead does). Once restored, the page shows the lead as any other, and says so.
import { useState } from 'react';
import { format } from '../../content/i18n/format.ts';
import { INBOX_API, type LeadView } from '../../shared/inbox.ts';
import type { SpamReason } from '../../shared/spam.ts';
import { Icon } from '../../ui/icons.tsx';
import { messageOf } from '../api.ts';
import { BusyButton } from '../components/busy-button.tsx';
import { useInbox } from '../inbox-context.ts';

export function SpamBanner({ id, reason, onRestored }: { id: string; reason: SpamReason | null; onRestored: (view: LeadView | undefined) => void }) {
  const { t, api } = useInbox();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();

  const restore = async () => {
    setBusy(true);
    setMessage(undefined);
    try {
      const view = await api.post<LeadView>(INBOX_API.restore(id));
      setMessage({ ok: true, text: t.spam.restored });
      onRestored(view);
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {reason && (
        <section aria-labelledby="spam-title" className="mt-6 flex flex-col gap-3 rounded-2xl border border-amber-300/40 bg-amber-300/10 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
          <div className="min-w-0">
            <h2 id="spam-title" className="font-semibold text-amber-100">
              {format(t.spam.banner, { reason: t.spam.reasons[reason] })}
            </h2>
            <p className="mt-1 text-sm text-amber-100/80">{t.spam.bannerHint}</p>
          </div>
          <BusyButton variant="secondary" size="sm" busy={busy} onClick={() => void restore()} className="shrink-0">
            <Icon name="repeat" className="size-4" />
            {busy ? t.spam.restoring : t.spam.restore}
          </BusyButton>
        </section>
      )}
      <p role="status" className={`mt-3 text-sm empty:hidden ${message?.ok === false ? 'text-rose-300' : 'text-emerald-300'}`}>
        {message?.text ?? ''}
      </p>
    </>
  );
}
