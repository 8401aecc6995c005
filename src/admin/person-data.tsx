// The person behind a lead, on the lead's page: their data as a JSON file (every lead with their email,
// each with its timeline and notifications), and their erasure, confirmed in a dialog that names how
// many leads go. The dialog is the site's Modal (docs/decisions/002-native-dialog.md): focus inside
// while open, Escape to cancel, and back to the button that opened it.
import { useCallback, useEffect, useState } from 'react';
import { format, plural } from '../content/i18n/format.ts';
import { INBOX_API, type ErasureDone, type ErasurePreview } from '../shared/inbox.ts';
import { Button } from '../client/ui/button.tsx';
import { cn } from '../client/ui/cn.ts';
import { Icon } from '../client/ui/icons.tsx';
import { Modal } from '../client/ui/modal.tsx';
import { ApiError } from './api.ts';
import { BusyButton } from './busy-button.tsx';
import { useInbox, type Inbox } from './inbox-context.ts';

const messageOf = (err: unknown, t: Inbox['t']) => (err instanceof ApiError ? err.message : t.errors.server);

/** Saves a file the page holds, as a click on a download link would. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function EraseDialog({ email, onClose, onErased }: { email: string; onClose: () => void; onErased: (count: number) => void }) {
  const { t, api, locale } = useInbox();
  const p = t.person;
  const [count, setCount] = useState<number>();
  const [error, setError] = useState<string>();
  const [erasing, setErasing] = useState(false);

  // Counted when the dialog opens, and again after a refused erasure.
  const preview = useCallback(
    () =>
      api.post<ErasurePreview>(INBOX_API.personErasurePreview, { email }).then(
        (answer) => setCount(answer.leads),
        (err: unknown) => setError(messageOf(err, t)),
      ),
    [api, email, t],
  );
  useEffect(() => {
    void preview();
  }, [preview]);

  const erase = async () => {
    if (erasing || !count) return;
    setErasing(true);
    setError(undefined);
    try {
      const done = await api.post<ErasureDone>(INBOX_API.personErase, { email, expected: count });
      onErased(done.erased);
    } catch (err) {
      // Leads came or went since the count was shown (409): the new count, to confirm again.
      setError(messageOf(err, t));
      setErasing(false);
      if (err instanceof ApiError && err.status === 409) void preview();
    }
  };

  return (
    <Modal
      aria-labelledby="erase-title"
      aria-describedby="erase-body"
      onClose={() => {
        if (!erasing) onClose();
      }}
      className="m-auto w-[min(100%-1.5rem,30rem)] rounded-2xl border border-line bg-panel p-0 text-slate-100 shadow-2xl shadow-black/50"
    >
      <div className="p-5 sm:p-6" aria-busy={erasing || count === undefined}>
        <h2 id="erase-title" className="flex items-center gap-2.5 text-xl font-bold">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-rose-500/15 text-rose-200">
            <Icon name="close" className="size-4.5" />
          </span>
          {p.dialogTitle}
        </h2>
        <div id="erase-body" className="mt-4 space-y-3 text-sm text-slate-200">
          {count === undefined ? (
            <p>{error ? '' : p.counting}</p>
          ) : count === 0 ? (
            <p>{p.none}</p>
          ) : (
            <>
              <p className="wrap-anywhere">{plural(p.body, count, locale, { email })}</p>
              <p className="text-slate-400">{p.kept}</p>
            </>
          )}
        </div>
        <p role="alert" className="mt-4 rounded-xl border border-rose-400/40 bg-rose-500/10 px-3.5 py-2.5 text-sm text-rose-100 empty:hidden">
          {error ?? ''}
        </p>
        {/* Cancel first: the dialog opens on it, so Enter alone never erases. */}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" size="sm" onClick={() => !erasing && onClose()}>
            {p.cancel}
          </Button>
          {count !== undefined && count > 0 && (
            <BusyButton variant="danger" size="sm" busy={erasing} onClick={() => void erase()}>
              {erasing ? p.erasing : plural(p.confirm, count, locale)}
            </BusyButton>
          )}
        </div>
      </div>
    </Modal>
  );
}

/** The lead page's card for the person: export, and erase with confirmation. */
export function PersonData({ email, onErased }: { email: string; onErased: (count: number) => void }) {
  const { t, api } = useInbox();
  const p = t.person;
  const [exporting, setExporting] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const [confirming, setConfirming] = useState(false);

  const exportData = async () => {
    if (exporting) return;
    setExporting(true);
    setMessage({ ok: true, text: p.exporting });
    try {
      const file = await api.download(INBOX_API.personExport, { email }, 'lead-data.json');
      save(file.blob, file.name);
      setMessage({ ok: true, text: format(p.exported, { file: file.name }) });
    } catch (err) {
      setMessage({ ok: false, text: messageOf(err, t) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <p id="person-hint" className="text-sm wrap-anywhere text-slate-400">
        {format(p.hint, { email })}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <BusyButton variant="secondary" size="sm" busy={exporting} aria-describedby="person-hint" onClick={() => void exportData()}>
          <Icon name="arrow-down" className="size-4" />
          {p.export}
        </BusyButton>
        <Button variant="secondary" size="sm" className="border-rose-400/50 text-rose-100 hover:bg-rose-500/15" onClick={() => setConfirming(true)}>
          <Icon name="close" className="size-4" />
          {p.erase}
        </Button>
      </div>
      <p role="status" className={cn('mt-3 text-sm empty:hidden', message?.ok === false ? 'text-rose-300' : 'text-emerald-300')}>
        {message?.text ?? ''}
      </p>
      {confirming && <EraseDialog email={email} onClose={() => setConfirming(false)} onErased={onErased} />}
    </>
  );
}
