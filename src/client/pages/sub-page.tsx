// The pages beside the home page (the privacy notice, the not-found page, the visitor's meeting): the
// same top bar, footer and booking dialog around their own content, and none of the home page's sections.
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { pageTexts, type PageTexts } from '../../content/i18n/pages.ts';
import { useBookingDialog } from '../booking/use-booking-dialog.tsx';
import { Footer } from '../sections/footer.tsx';
import { TopBar } from '../sections/top-bar.tsx';
import { I18nContext, type I18n } from '../use-i18n.ts';
import { meetingTokenOfPage } from './meeting-token.ts';
import { NotFound } from './not-found.tsx';
import { Prerendered } from './prerendered.tsx';
import { elsewhereOf, type SubPage } from './sub-pages.ts';

const noSubscription = () => () => {};

/**
 * The meeting page's part: what the prerender drew (the loading line) until the page has hydrated, then
 * its code, loaded. Not suspended during hydration: the server has no token to draw the call with.
 */
function MeetingPart({ texts }: { texts: PageTexts['meeting'] }) {
  // false while hydrating what the server drew, true from then on.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const loading = <MeetingLoading texts={texts} />;
  return hydrated ? (
    <Suspense fallback={loading}>
      <ManageMeeting texts={texts} />
    </Suspense>
  ) : (
    loading
  );
}

/** The meeting page before its part has loaded: the heading, and the line that says it is loading. */
function MeetingLoading({ texts }: { texts: PageTexts['meeting'] }) {
  return (
    <div className="mx-auto max-w-2xl py-8 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{texts.heading}</h1>
      <p role="status" className="mt-6 text-lg text-slate-300">
        {texts.loading}
      </p>
    </div>
  );
}

// The meeting page's part, with the picker it shows, in a chunk of its own: the privacy notice and the
// not-found page never load it. Drawn in the browser only (the prerendered page shows its loading line).
const ManageMeeting = lazy(() => import('./manage-meeting.tsx'));

interface SubPageAppProps {
  page: SubPage;
  initial: I18n;
  /** The privacy notice's markup, on the server; the browser keeps what the server wrote. */
  notice?: string;
}

export function SubPageApp({ page, initial, notice }: SubPageAppProps) {
  const { openBooking, dialog } = useBookingDialog();
  const texts = pageTexts[initial.locale];
  const token = useSyncExternalStore(noSubscription, () => (page === 'meeting' ? meetingTokenOfPage() : ''), () => '');

  return (
    <I18nContext.Provider value={initial}>
      <SubPageLayout
        topBar={<TopBar onBookCall={openBooking} elsewhere={elsewhereOf(page, initial.locale, token)} />}
        footer={<Footer page={page} />}
      >
        {page === 'privacy' ? (
          <Prerendered html={notice} />
        ) : page === 'meeting' ? (
          <MeetingPart texts={texts.meeting} />
        ) : (
          <NotFound texts={texts.notFound} onBookCall={openBooking} />
        )}
      </SubPageLayout>
      {dialog}
    </I18nContext.Provider>
  );
}

/** A page beside the home page: the top bar, its own part, and the footer. */
export function SubPageLayout({ topBar, footer, children }: { topBar: ReactNode; footer: ReactNode; children: ReactNode }) {
  return (
    <>
      {topBar}
      <main className="px-4 pt-[calc(max(12vh,4rem)+2.5rem)] pb-20 sm:px-6 sm:pt-[calc(max(12vh,4rem)+4rem)] sm:pb-28">{children}</main>
      {footer}
    </>
  );
}
