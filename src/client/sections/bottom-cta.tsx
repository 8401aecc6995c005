import { Button } from '../../ui/button.tsx';
import { useI18n } from '../use-i18n.ts';

export function BottomCta({ onBookCall }: { onBookCall: () => void }) {
  const { t } = useI18n();
  return (
    <section id="book-call" aria-labelledby="bottom-cta-title" className="px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-4xl rounded-3xl border border-line bg-gradient-to-br from-indigo-950/80 via-panel to-cyan-950/60 px-6 py-14 text-center shadow-2xl sm:px-12">
        <h2 id="bottom-cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {t.bottomCTA.title}
        </h2>
        <p className="mt-3 text-lg font-medium text-cyan-300">{t.bottomCTA.subtitle}</p>
        <p className="mx-auto mt-4 max-w-2xl text-pretty text-slate-300">{t.bottomCTA.description}</p>
        <Button size="lg" className="mt-8" onClick={onBookCall} aria-haspopup="dialog">
          {t.bottomCTA.button}
        </Button>
        <p className="mt-4 text-sm text-slate-400">{t.bottomCTA.guarantee}</p>
      </div>
    </section>
  );
}
