import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from './cn.ts';

export const controlClass =
  'mt-1.5 block w-full rounded-xl border bg-slate-950/60 px-3.5 py-2.5 text-base text-white ' +
  'placeholder:text-slate-500 focus:border-cyan-400 focus:outline-none focus-visible:outline-2 ' +
  'aria-[invalid=true]:border-rose-400 border-slate-600 disabled:opacity-60';

interface FieldShellProps {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** A visible label above the control and, when there is one, the error below it. */
function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      {children}
      <div className="mt-1 flex justify-between gap-3 text-sm">
        {error ? (
          <p id={`${id}-error`} className="text-rose-300">
            {error}
          </p>
        ) : (
          <span />
        )}
        {hint}
      </div>
    </div>
  );
}

/** aria-invalid and aria-describedby for a control whose error is rendered by FieldShell. */
export function errorProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}

type Common = { id: string; label: string; error: string | undefined };

export function TextField({
  id,
  label,
  error,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <FieldShell id={id} label={label} error={error}>
      <input id={id} className={controlClass} {...errorProps(id, error)} {...input} />
    </FieldShell>
  );
}

export function SelectField({
  id,
  label,
  error,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell id={id} label={label} error={error}>
      <select id={id} className={controlClass} {...errorProps(id, error)} {...select}>
        {children}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  hint,
  ...area
}: Common & { hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <textarea id={id} className={cn(controlClass, 'min-h-32 resize-y')} {...errorProps(id, error)} {...area} />
    </FieldShell>
  );
}

interface RadioGroupFieldProps<V extends string> {
  /** The group's id: its error is `${id}-error`. */
  id: string;
  name: string;
  label: string;
  error: string | undefined;
  options: readonly { value: V; label: string }[];
  value: string;
  disabled?: boolean;
  onChange: (value: V) => void;
}

/** One choice among a few, each a card-like row that shows its choice: a legend above, the error below. */
export function RadioGroupField<V extends string>({
  id,
  name,
  label,
  error,
  options,
  value,
  disabled,
  onChange,
}: RadioGroupFieldProps<V>) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-200">{label}</legend>
      <div className="mt-2 space-y-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-600 px-4 py-3 has-checked:border-cyan-400 has-checked:bg-cyan-400/10"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
              {...errorProps(id, error)}
              className="mt-1 size-4 shrink-0 accent-cyan-400"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
