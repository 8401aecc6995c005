import { brandTexts, pathOf } from '../../content/i18n/format.ts';
import { business } from '../../content/site.ts';
import { LOCALES, type Locale } from '../../shared/locale.ts';
import favicon from '/public/favicon.svg?raw';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { InlineSvg } from '../../ui/inline-svg.tsx';
import { useI18n } from '../use-i18n.ts';
import { rememberLanguage } from '../remember-language.ts';
import { BOOK_CALL_ID } from './bottom-cta.tsx';

interface TopBarProps {
  onBookCall: () => void;
  /** The home page: the language switches in place. */
  onSwitchLanguage?: (locale: Locale) => void;
  /** The home page: a pointer came over another language's link, or it took focus (or is pressed), ahead of a press. */
  onReachLanguage?: (locale: Locale, pressing?: boolean) => void;
  /**
   * Any other page: each language's link leads to this page in that language (a plain load, the choice
   * remembered), and the logo and "Home" to the home page.
   */
  elsewhere?: { languagePaths: Record<Locale, string>; logoLabel: string };
}

export function TopBar({ onBookCall, onSwitchLanguage, onReachLanguage, elsewhere }: TopBarProps) {
  const { t, locale } = useI18n();
  const [firstWord, ...rest] = t.nav.bookCall.split(' ');
  const logo = (
    <>
      <InlineSvg file={favicon} className="size-9" scope="top-bar" />
      <span className="hidden text-lg font-bold tracking-tight sm:inline">{business.name}</span>
    </>
  );

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-[12vh] min-h-16 border-b border-line bg-ink/80 backdrop-blur-md">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        {elsewhere ? (
          <a href={pathOf(locale)} aria-label={elsewhere.logoLabel} className="flex items-center gap-2 rounded-lg">
            {logo}
          </a>
        ) : (
          <button
            type="button"
            onClick={() => window.location.reload()}
            aria-label={brandTexts(t, locale, business.name).logo}
            className="flex items-center gap-2 rounded-lg text-left"
          >
            {logo}
          </button>
        )}

        <nav aria-label={t.nav.main} className="flex items-center gap-1 sm:gap-3">
          {elsewhere ? (
            <a href={pathOf(locale)} className="rounded-full px-3 py-2 text-sm font-medium text-slate-300 hover:text-white">
              {t.nav.home}
            </a>
          ) : (
            <a
              href="#hero-section"
              aria-current="page"
              className="rounded-full px-3 py-2 text-sm font-medium text-white underline decoration-accent-2 decoration-2 underline-offset-8"
            >
              {t.nav.home}
            </a>
          )}
          <ul aria-label={t.nav.languages} className="flex rounded-full border border-line p-0.5 text-xs font-semibold">
            {LOCALES.map((l) => (
              <li key={l}>
                <a
                  href={elsewhere ? elsewhere.languagePaths[l] : pathOf(l)}
                  hrefLang={l}
                  lang={l}
                  aria-current={l === locale ? 'true' : undefined}
                  {...(onReachLanguage && l !== locale
                    ? { onPointerEnter: () => onReachLanguage(l), onPointerDown: () => onReachLanguage(l, true), onFocus: () => onReachLanguage(l) }
                    : {})}
                  onClick={(e) => {
                    if (elsewhere) {
                      rememberLanguage(l);
                      return;
                    }
                    // A new tab or window keeps the plain link; otherwise switch in place.
                    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
                    e.preventDefault();
                    onSwitchLanguage?.(l);
                  }}
                  className={`block rounded-full px-2.5 py-1.5 uppercase ${
                    l === locale ? 'bg-slate-100 text-ink' : 'text-slate-300 hover:text-white'
                  }`}
                >
                  {l}
                </a>
              </li>
            ))}
          </ul>
          <Button
            size="sm"
            onClick={onBookCall}
            aria-label={t.nav.bookCall}
            aria-haspopup="dialog"
            className="gap-[0.3em]"
          >
            {firstWord}
            {rest.length > 0 && <span className="hidden sm:inline">{rest.join(' ')}</span>}
          </Button>
          {/* Where no script runs: to the home page's booking section, which gives the phone and email. */}
          <noscript>
            <a
              href={`${elsewhere ? pathOf(locale) : ''}#${BOOK_CALL_ID}`}
              aria-label={t.nav.bookCall}
              className={cn(buttonVariants({ size: 'sm' }), 'gap-[0.3em]')}
            >
              {firstWord}
              {rest.length > 0 && <span className="hidden sm:inline">{rest.join(' ')}</span>}
            </a>
          </noscript>
        </nav>
      </div>
    </header>
  );
}
