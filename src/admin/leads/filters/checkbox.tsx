export function Checkbox({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label
      htmlFor={id}
      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-600 px-3.5 text-sm text-slate-200 has-checked:border-cyan-400 has-checked:bg-cyan-400/10"
    >
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="size-4 shrink-0 accent-cyan-400" />
      {label}
    </label>
  );
}
