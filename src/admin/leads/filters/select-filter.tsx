import { SelectField } from '../../../ui/field.tsx';
import { useInbox } from '../../inbox-context.ts';

interface SelectFilterProps<T extends string> {
  id: string;
  label: string;
  value: T | undefined;
  /** The choices, in the order shown, after "any". */
  options: readonly T[];
  names: Record<T, string>;
  onChange: (value: string) => void;
}

/** One of a few values (a status, a service, a language), or any. */
export function SelectFilter<T extends string>({ id, label, value, options, names, onChange }: SelectFilterProps<T>) {
  const { t } = useInbox();
  return (
    <SelectField id={id} label={label} error={undefined} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t.filters.any}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {names[o]}
        </option>
      ))}
    </SelectField>
  );
}
