// The person behind a lead, on the lead's page: their data as a JSON file (every lead with their email,
// each with its timeline and notifications), and their erasure, confirmed in a dialog that names how
// many leads go (erase-dialog.tsx).
import { useState } from 'react';
import { format } from '../../../content/i18n/format.ts';
import { INBOX_API } from '../../../shared/inbox.ts';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { Icon } from '../../../ui/icons.tsx';
import { messageOf } from '../../api.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { useInbox } from '../../inbox-context.ts';
import { EraseDialog } from './erase-dialog.tsx';
import { saveFile } from './save-file.ts';

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
      saveFile(file.blob, file.name);
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
