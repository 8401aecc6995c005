import { pathOf } from '../../content/i18n/format.ts';
import type { PageTexts } from '../../content/i18n/pages.ts';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { useI18n } from '../use-i18n.ts';

/** What an unknown address shows: that the page is not there, the way home, and the booking dialog. */
export function NotFound({ texts, onBookCall }: { texts: PageTexts['notFound']; onBookCall: () => void }) {
  const { t, locale } = useI18n();
  return (
    <div className="mx-auto max-w-2xl py-8 text-center sm:py-16">
      <p className="text-sm font-semibold tracking-wider text-cyan-300">404</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-5xl">{texts.heading}</h1>
      <p className="mt-5 text-lg text-pretty text-slate-300">{texts.text}</p>
      <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        <Button size="lg" onClick={onBookCall} aria-haspopup="dialog">
          {t.hero.cta}
        </Button>
        <a href={pathOf(locale)} className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
          {texts.home}
        </a>
      </div>
    </div>
  );
}
