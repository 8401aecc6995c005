// The erasure's confirmation, in a dialog that names how many leads go. The dialog is the site's Modal
// (docs/decisions/002-native-dialog.md): focus inside while open, Escape to cancel, and back to the
// button that opened it.
import { plural } from '../../../content/i18n/format.ts';
import { ALERT_LOOK } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { Icon } from '../../../ui/icons.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { BusyButton } from '../../components/busy-button.tsx';
import { useInbox } from '../../inbox-context.ts';
import { useErasure } from './use-erasure.ts';

export function EraseDialog({ email, onClose, onErased }: { email: string; onClose: () => void; onErased: (count: number) => void }) {
  const { t, locale } = useInbox();
  const p = t.person;
  const { count, error, erasing, erase } = useErasure(email, onErased);

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
        <p role="alert" className={cn(ALERT_LOOK, 'mt-4 rounded-xl px-3.5 py-2.5 text-sm empty:hidden')}>
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
