// The texts of the pages other than the home page (the privacy notice, the not-found page), in both
// languages: they load with those pages' script, so the home page's first visit does not download them.
// The notice itself is written into its page by the prerender (src/content/privacy-notice.ts).
import type { Locale } from '../../shared/locale.ts';

const en = {
  /** The top bar's logo, a link to the home page there. */
  logo: '{brand}, home page',
  notFound: {
    /** The tab's title: `{brand}` is the business's name. */
    title: 'Page not found | {brand}',
    heading: 'We could not find this page',
    text: 'The address may be mistyped, or the page may have moved. Everything we offer is on the home page, and a free discovery call is one click away.',
    home: 'Back to the home page',
  },
};

export type PageTexts = typeof en;

export const pageTexts: Record<Locale, PageTexts> = {
  en,
  bg: {
    logo: '{brand}, начална страница',
    notFound: {
      title: 'Страницата не е намерена | {brand}',
      heading: 'Не намерихме тази страница',
      text: 'Адресът може да е изписан грешно или страницата да е преместена. Всичко, което предлагаме, е на началната страница, а безплатната консултация е на един клик разстояние.',
      home: 'Към началната страница',
    },
  },
};
