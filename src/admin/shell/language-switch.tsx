import { LOCALES, type Locale } from '../../shared/locale.ts';
import { cn } from '../../ui/cn.ts';
import { useInbox } from '../inbox-context.ts';

export function LanguageSwitch({ onChange }: { onChange: (locale: Locale) => void }) {
  const { t, locale } = useInbox();
  return (
    <div role="group" aria-label={t.language} className="flex shrink-0 rounded-full border border-line p-0.5 text-xs font-semibold">
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          onClick={() => onChange(l)}
          className={cn(
            'min-h-9 min-w-10 rounded-full px-2.5 uppercase',
            l === locale ? 'bg-slate-100 text-ink' : 'text-slate-300 hover:text-white',
          )}
        >
          {l}
        </button>
      ))}
    </div>
  );
}
