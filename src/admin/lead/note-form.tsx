// A note on the lead, added to its timeline.
import { useState, type FormEvent } from 'react';
import { format } from '../../content/i18n/format.ts';
import { NOTE_MAX_LENGTH, newNote } from '../../shared/inbox.ts';
import { cn } from '../../ui/cn.ts';
import { TextAreaField } from '../../ui/field.tsx';
import { messageOf } from '../api.ts';
import { BusyButton } from '../components/busy-button.tsx';
import { useInbox } from '../inbox-context.ts';

const NOTE_ID = 'note';

/** How long the note is, against the most it may be; red past it. */
function NoteLength({ text }: { text: string }) {
  const length = text.trim().length;
  return (
    <span className={cn('ml-auto shrink-0 tabular-nums', length > NOTE_MAX_LENGTH ? 'text-rose-300' : 'text-slate-400')}>
      {length} / {NOTE_MAX_LENGTH}
    </span>
  );
}

export function NoteForm({ onAdd }: { onAdd: (text: string) => Promise<void> }) {
  const { t } = useInbox();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = newNote.safeParse({ text });
    if (!parsed.success) {
      setError(text.trim() ? format(t.lead.noteTooLong, { max: NOTE_MAX_LENGTH }) : t.lead.noteEmpty);
      document.getElementById(NOTE_ID)?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      await onAdd(parsed.data.text);
      setText('');
      setSaved(true);
    } catch (err) {
      // The note stays in the box, to be sent again.
      setError(messageOf(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <TextAreaField
        id={NOTE_ID}
        label={t.lead.note}
        error={error}
        value={text}
        rows={3}
        onChange={(e) => {
          setText(e.target.value);
          setSaved(false);
          if (error) setError(undefined);
        }}
        hint={<NoteLength text={text} />}
      />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <BusyButton type="submit" size="sm" busy={busy}>
          {busy ? t.lead.addingNote : t.lead.addNote}
        </BusyButton>
        <p role="status" className="text-sm text-emerald-300">
          {saved ? t.lead.noteSaved : ''}
        </p>
      </div>
    </form>
  );
}
