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
  /** The visitor's page of their meeting (`/meeting/<token>`), reached from the invitation's link. */
  meeting: {
    title: 'Your free call | {brand}',
    heading: 'Your free discovery call',
    loading: 'Loading your call…',
    booked: 'Your call is booked for {when} ({zone}).',
    sofia: 'That is {time} in Sofia.',
    callYou: 'We will call you then at the number you gave.',
    moved: 'Done: your call has moved.',
    reschedule: 'Pick another time',
    cancel: 'Cancel the call',
    confirmCancel: 'Cancel the call of {when}? We will phone you to agree on another time, or you can pick one here.',
    yesCancel: 'Yes, cancel it',
    keep: 'Keep the call',
    cancelling: 'Cancelling…',
    cancelled: 'The call of {when} is cancelled. We will phone you to agree on another time, or pick one now.',
    held: 'Your call of {when} has taken place. Thank you for talking with us.',
    noShow: 'We called you on {when} but could not reach you. Pick another time that suits you, and we will call then.',
    none: 'You have not picked a time for your call yet. Pick one now, or wait for our call.',
    closed: 'We have closed this call on our side, so this page books no time. To talk with us, write to {email} or request a new free call.',
    pick: 'Pick a time',
    back: 'Back',
    badLinkHeading: 'This link does not work',
    badLink: 'The link to your call is incomplete or was changed. Use the link from your email, or book a free call again.',
    goneHeading: 'This call no longer exists',
    gone: 'Its request and its details were deleted, so there is nothing to move or cancel. To talk with us, book a free call again.',
    failed: 'Your call could not be loaded. Check your connection and try again.',
    retry: 'Try again',
    home: 'Go to the home page',
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
    meeting: {
      title: 'Вашият безплатен разговор | {brand}',
      heading: 'Вашият безплатен разговор',
      loading: 'Зареждаме разговора ви…',
      booked: 'Разговорът ви е записан за {when} ({zone}).',
      sofia: 'Това е {time} в София.',
      callYou: 'Тогава ще ви се обадим на телефона, който посочихте.',
      moved: 'Готово: разговорът ви е преместен.',
      reschedule: 'Изберете друг час',
      cancel: 'Отменете разговора',
      confirmCancel: 'Да отменим ли разговора за {when}? Ще ви се обадим, за да уговорим друг час, или можете да изберете час тук.',
      yesCancel: 'Да, отменете го',
      keep: 'Запазете разговора',
      cancelling: 'Отменяме…',
      cancelled: 'Разговорът за {when} е отменен. Ще ви се обадим, за да уговорим друг час, или изберете час сега.',
      held: 'Разговорът ви от {when} е проведен. Благодарим ви за отделеното време.',
      noShow: 'Обадихме ви се за разговора, записан за {when}, но не успяхме да се свържем. Изберете друг удобен час и ще ви се обадим тогава.',
      none: 'Все още не сте избрали час за разговора. Изберете сега или изчакайте обаждането ни.',
      closed: 'Закрихме този разговор от наша страна, затова тази страница не записва час. За да говорим, пишете ни на {email} или заявете нов безплатен разговор.',
      pick: 'Изберете час',
      back: 'Назад',
      badLinkHeading: 'Тази връзка не работи',
      badLink: 'Връзката към разговора ви е непълна или е променена. Използвайте връзката от имейла си или запишете безплатен разговор отново.',
      goneHeading: 'Този разговор вече не съществува',
      gone: 'Заявката и данните му са изтрити, така че няма какво да се премести или отмени. За да говорим, запишете безплатен разговор отново.',
      failed: 'Разговорът ви не можа да се зареди. Проверете връзката си и опитайте отново.',
      retry: 'Опитайте отново',
      home: 'Към началната страница',
    },
  },
};
