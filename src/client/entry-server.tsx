import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { dictionaries, format, staticTexts } from '../content/i18n/index.ts';
import { pageTexts } from '../content/i18n/pages.ts';
import { pageTitle } from '../content/page-title.ts';
import { privacyNotices } from '../content/privacy-notice.ts';
import { siteConfig } from '../content/profile.ts';
import { business } from '../content/site.ts';
import type { Locale } from '../shared/locale.ts';
import { App } from './app.tsx';
import { staticSections } from './static-sections.tsx';
import { StaticTextsContext } from './static-texts.ts';
import { StaticSectionsContext } from './static-part.tsx';
import { headHtml, headOf, pageHeadOf } from './head.ts';
import { PrivacyArticle } from './pages/privacy-article.tsx';
import { SubPageApp, SubPageLayout } from './pages/sub-page.tsx';
import { elsewhereOf, type SubPage } from './pages/sub-pages.ts';
import { NotFound } from './pages/not-found.tsx';
import { Prerendered } from './pages/prerendered.tsx';
import { Footer } from './sections/footer.tsx';
import { TopBar } from './sections/top-bar.tsx';
import { Island } from './islands/island-markup.tsx';
import { I18nContext, type I18n } from './use-i18n.ts';

export interface Rendered {
  html: string;
  head: string;
}

/** The home page's markup and <head> tags for one language; used by the prerender step. */
export function render(locale: Locale): Rendered {
  const t = dictionaries[locale];
  const html = renderToString(
    <StrictMode>
      <StaticSectionsContext.Provider value={staticSections}>
        <StaticTextsContext.Provider value={staticTexts[locale]}>
          <App initial={{ locale, t }} />
        </StaticTextsContext.Provider>
      </StaticSectionsContext.Provider>
    </StrictMode>,
  );
  return { html, head: headHtml(headOf({ locale, t, site: siteConfig })) };
}

/** Another page's markup and <head> tags (page.html): the privacy notice, or the not-found page. */
export function renderPage(page: SubPage, locale: Locale): Rendered {
  const t = dictionaries[locale];
  const notice = privacyNotices[locale];
  const head =
    page === 'privacy'
      ? pageHeadOf({
          locale,
          title: pageTitle(notice.title, { brand: business.name, locality: t.business.locality }, locale),
          description: notice.description,
          page: 'privacy',
          website: business.website,
        })
      : page === 'meeting'
        ? // Not indexed (no address of its own: pageHeadOf says noindex without one), and its address holds the visitor's token.
          pageHeadOf({
            locale,
            title: format(pageTexts[locale].meeting.title, { brand: business.name }),
            description: pageTexts[locale].meeting.none,
            website: business.website,
          })
        : pageHeadOf({
            locale,
            title: format(pageTexts[locale].notFound.title, { brand: business.name }),
            description: pageTexts[locale].notFound.text,
            website: business.website,
          });
  const html = renderToString(
    <StrictMode>
      {page === 'meeting' ? (
        <SubPageApp page={page} initial={{ locale, t }} />
      ) : (
        <IslandSubPage page={page} initial={{ locale, t }} notice={page === 'privacy' ? renderToStaticMarkup(<PrivacyArticle notice={notice} />) : ''} />
      )}
    </StrictMode>,
  );
  return { html, head: headHtml(head) };
}

const none = () => {};

/**
 * The privacy notice or the not-found page: the prerender's HTML, with the top bar (and the not-found
 * page's buttons) as islands, hydrated when reached for (island-names.ts); their handlers are the
 * islands' own in the browser.
 */
function IslandSubPage({ page, initial, notice }: { page: 'privacy' | 'not-found'; initial: I18n; notice: string }) {
  const texts = pageTexts[initial.locale];
  return (
    <I18nContext.Provider value={initial}>
      <SubPageLayout
        topBar={
          <Island name="page-top-bar" i18n={initial}>
            <TopBar onBookCall={none} elsewhere={elsewhereOf(page, initial.locale)} />
          </Island>
        }
        footer={<Footer page={page} />}
      >
        {page === 'privacy' ? (
          <Prerendered html={notice} />
        ) : (
          <Island name="not-found" i18n={initial}>
            <NotFound texts={texts.notFound} onBookCall={none} />
          </Island>
        )}
      </SubPageLayout>
    </I18nContext.Provider>
  );
}
