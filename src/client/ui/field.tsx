import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

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

export function TextField({ id, label, error, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
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
      <textarea id={id} className={`${controlClass} min-h-32 resize-y`} {...errorProps(id, error)} {...area} />
    </FieldShell>
  );
}
