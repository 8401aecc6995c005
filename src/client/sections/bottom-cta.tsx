import { business } from '../../content/site.ts';
import { Button } from '../../ui/button.tsx';
import { useI18n } from '../use-i18n.ts';

/** Where the booking section is, for the links that lead to it where no script runs. */
export const BOOK_CALL_ID = 'book-call';

export function BottomCta({ onBookCall }: { onBookCall: () => void }) {
  const { t } = useI18n();
  return (
    <section id={BOOK_CALL_ID} aria-labelledby="bottom-cta-title" className="px-4 py-20 sm:px-6">
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
        {/* Where the browser runs no script the button is hidden (index.html): the phone and email instead. */}
        <noscript>
          <p className="mx-auto mt-8 max-w-xl text-pretty text-slate-200">{t.bottomCTA.noScript}</p>
          <p className="mt-4 flex flex-wrap justify-center gap-3">
            <a href={`tel:${business.phone.replace(/[^\d+]/g, '')}`} className="rounded-full border border-slate-600 px-5 py-2.5 font-semibold text-white hover:bg-slate-800">
              {business.phone}
            </a>
            <a href={`mailto:${business.email}`} className="rounded-full border border-slate-600 px-5 py-2.5 font-semibold break-all text-white hover:bg-slate-800">
              {business.email}
            </a>
          </p>
        </noscript>
      </div>
    </section>
  );
}
