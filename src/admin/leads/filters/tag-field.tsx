import { useState } from 'react';
import { ATTRIBUTION_MAX } from '../../../shared/attribution.ts';
import { TextField } from '../../../ui/field.tsx';

interface TagFieldProps {
  id: string;
  label: string;
  value: string | undefined;
  /** The id of the hint the box shares with the other tag's. */
  hintId: string;
  onCommit: (value: string) => void;
}

/**
 * A tag the lead's visit came with (utm_source, utm_campaign), matched exactly: applied when the box is
 * left or Enter is pressed, not at every key, since a part of a tag matches nothing.
 */
export function TagField({ id, label, value, hintId, onCommit }: TagFieldProps) {
  const [text, setText] = useState(value ?? '');
  // Back, forward or a cleared filter: the box shows what the URL says.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  const commit = () => {
    if (text.trim() !== (value ?? '')) onCommit(text.trim());
  };
  return (
    <TextField
      id={id}
      label={label}
      error={undefined}
      value={text}
      maxLength={ATTRIBUTION_MAX}
      autoComplete="off"
      spellCheck={false}
      aria-describedby={hintId}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}
