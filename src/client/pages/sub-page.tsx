// The pages beside the home page (the privacy notice, the not-found page): the same top bar, footer and
// booking dialog around their own content, and none of the home page's sections.
import { format, pathOf } from '../../content/i18n/format.ts';
import { pageTexts } from '../../content/i18n/pages.ts';
import { business } from '../../content/site.ts';
import { LOCALES, type Locale } from '../../shared/locale.ts';
import type { BuiltPage } from '../../shared/site-pages.ts';
import { useBookingDialog } from '../booking/use-booking-dialog.tsx';
import { Footer } from '../sections/footer.tsx';
import { TopBar } from '../sections/top-bar.tsx';
import { I18nContext, type I18n } from '../use-i18n.ts';
import { NotFound } from './not-found.tsx';
import { Prerendered } from './prerendered.tsx';

export type SubPage = Exclude<BuiltPage, 'home'>;

export const isSubPage = (value: unknown): value is SubPage => value === 'privacy' || value === 'not-found';

interface SubPageAppProps {
  page: SubPage;
  initial: I18n;
  /** The privacy notice's markup, on the server; the browser keeps what the server wrote. */
  notice?: string;
}

export function SubPageApp({ page, initial, notice }: SubPageAppProps) {
  const { openBooking, dialog } = useBookingDialog();
  const texts = pageTexts[initial.locale];
  // The privacy notice in each language; from a page that does not exist, each language's home page.
  const languagePaths = Object.fromEntries(LOCALES.map((l) => [l, pathOf(l, page === 'privacy' ? 'privacy' : 'home')])) as Record<
    Locale,
    string
  >;

  return (
    <I18nContext.Provider value={initial}>
      <TopBar onBookCall={openBooking} elsewhere={{ languagePaths, logoLabel: format(texts.logo, { brand: business.name }) }} />
      <main className="px-4 pt-[calc(max(12vh,4rem)+2.5rem)] pb-20 sm:px-6 sm:pt-[calc(max(12vh,4rem)+4rem)] sm:pb-28">
        {page === 'privacy' ? <Prerendered html={notice} /> : <NotFound texts={texts.notFound} onBookCall={openBooking} />}
      </main>
      <Footer page={page} />
      {dialog}
    </I18nContext.Provider>
  );
}
