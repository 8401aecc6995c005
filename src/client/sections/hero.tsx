import { Button } from '../ui/button.tsx';
import { useI18n } from '../use-i18n.ts';

export function Hero({ onBookCall }: { onBookCall: () => void }) {
  const { t } = useI18n();
  return (
    <section
      id="hero-section"
      aria-labelledby="hero-title"
      className="relative flex min-h-[88vh] items-center px-4 pt-[max(12vh,4rem)] sm:px-6"
    >
      <div className="mx-auto max-w-4xl py-16 text-center">
        <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          {t.hero.title} <span className="text-gradient">{t.hero.highlight}</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-300 sm:text-xl">
          {t.hero.description}
        </p>
        <div className="mt-10 flex flex-col items-center gap-3">
          <Button size="lg" onClick={onBookCall} aria-haspopup="dialog">
            {t.hero.cta}
          </Button>
          <p className="text-sm text-slate-400">{t.hero.note}</p>
        </div>
      </div>
    </section>
  );
}
