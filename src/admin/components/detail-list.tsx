import type { ReactNode } from 'react';

/** A lead's labelled values, one row each: label above the value on a phone, beside it from `sm` up. */
export function DetailList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="divide-y divide-line text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 py-2.5 first:pt-0 last:pb-0 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
          <dt className="text-slate-400">{label}</dt>
          <dd className="min-w-0 wrap-anywhere text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
