// The admin API's answers (log-in, sessions, the inbox's refusals), in both languages side by side: only the server sends
// them. The request's Accept-Language picks one.
import type { LeadDetail } from '../../shared/inbox.ts';
import type { Locale } from '../../shared/locale.ts';

const en = {
  // One answer for an unknown account and a wrong password: neither tells which accounts exist.
  loginFailed: 'The email or password is not correct.',
  tooManyLogins: 'Too many log-in attempts. Please try again in {minutes} min.',
  /** When more log-ins arrive at once than the server checks at a time (operators/hash-gate.ts). */
  loginsBusy: 'Many log-ins are being checked right now. Please try again in a few seconds.',
  loginRequired: 'Please log in.',
  crossSite: 'This request must come from the site itself.',
  badFilters: 'The list cannot be shown with these filters: {fields}.',
  /** The list's query parameters, as badFilters names them. */
  filterNames: {
    status: 'status',
    service: 'service',
    locale: 'language',
    from: 'from date',
    to: 'to date',
    overdue: 'overdue',
    unseen: 'unseen',
    q: 'search',
    source: 'source',
    campaign: 'campaign',
    spam: 'spam',
    limit: 'leads per page',
  },
  badCursor: 'This page of the list is out of date. Please go back to the first page.',
  leadNotFound: 'This lead does not exist.',
  badStatus: 'Please choose one of the statuses.',
  noteEmpty: 'Please write the note.',
  noteTooLong: 'The note is too long: {max} characters at most.',
  deliveryNotFound: 'This notification does not exist.',
  notFailed: 'Only a notification that failed can be sent again.',
  notSpam: 'This lead is not in the spam: there is nothing to restore.',
  meetingNotFound: 'This call does not exist.',
  meetingNotBooked: 'This call is no longer booked: it was cancelled, moved or marked already. The agenda shows it as it is now.',
  badOutcome: 'Please mark the call as held or as a no-show.',
  badAgendaDays: 'The agenda shows 1 to 31 days.',
  // The chart's span; {spans} is "30 or 90", listed in the language.
  badChartSpan: 'The chart shows the last {spans} days.',
  // A person's export and erasure, found by email.
  badEmail: 'Please give the email address the person booked with.',
  badExpected: 'Please confirm how many leads are to be erased.',
  personNotFound: 'No lead has this email address.',
  // {count}: the leads with the email now.
  erasureCountChanged: 'The leads with this email address changed meanwhile: there are {count} now. Please check them and confirm again.',
  /**
   * The export's column headers, by the lead's field (server/inbox/csv.ts); the times are Sofia's. The
   * attribution's headers are the lead page's (inbox.ts).
   */
  csvColumns: {
    created_at: 'Received (Sofia)',
    first_name: 'Name',
    business_name: 'Business',
    email: 'Email',
    phone: 'Phone',
    phone_e164: 'Phone (E.164)',
    service: 'Service',
    product: 'Solution',
    custom_service: 'Described need',
    status: 'Status',
    locale: 'Language',
    seen_at: 'Opened (Sofia)',
    updated_at: 'Last change (Sofia)',
    privacy_notice_version: 'Privacy notice version',
    privacy_notice_locale: 'Privacy notice language',
    spam_reason: 'Spam reason',
    id: 'ID',
  } satisfies Partial<Record<keyof LeadDetail, string>>,
};

export type AdminMessages = typeof en;

export const adminMessages: Record<Locale, AdminMessages> = {
  en,
  bg: {
    loginFailed: 'Имейлът или паролата не са верни.',
    tooManyLogins: 'Твърде много опити за вход. Моля, опитайте отново след {minutes} мин.',
    loginsBusy: 'В момента се проверяват много опити за вход. Моля, опитайте отново след няколко секунди.',
    loginRequired: 'Моля, влезте в профила си.',
    crossSite: 'Заявката трябва да идва от самия сайт.',
    badFilters: 'Списъкът не може да бъде показан с тези филтри: {fields}.',
    filterNames: {
      status: 'статус',
      service: 'услуга',
      locale: 'език',
      from: 'от дата',
      to: 'до дата',
      overdue: 'просрочени',
      unseen: 'непрегледани',
      q: 'търсене',
      source: 'източник',
      campaign: 'кампания',
      spam: 'спам',
      limit: 'заявки на страница',
    },
    badCursor: 'Тази страница от списъка е остаряла. Моля, върнете се на първата страница.',
    leadNotFound: 'Тази заявка не съществува.',
    meetingNotFound: 'Този разговор не съществува.',
    meetingNotBooked: 'Този разговор вече не е записан: отменен, преместен или вече отбелязан. Графикът го показва такъв, какъвто е сега.',
    badOutcome: 'Моля, отбележете разговора като проведен или като неявяване.',
    badAgendaDays: 'Графикът показва от 1 до 31 дни.',
    badStatus: 'Моля, изберете един от статусите.',
    noteEmpty: 'Моля, напишете бележката.',
    noteTooLong: 'Бележката е твърде дълга: най-много {max} знака.',
    deliveryNotFound: 'Това известие не съществува.',
    notFailed: 'Само неуспешно известие може да бъде изпратено отново.',
    notSpam: 'Тази заявка не е в спама: няма какво да се възстанови.',
    badChartSpan: 'Графиката показва последните {spans} дни.',
    badEmail: 'Моля, посочете имейл адреса, с който човекът е изпратил заявката.',
    badExpected: 'Моля, потвърдете колко заявки ще бъдат изтрити.',
    personNotFound: 'Няма заявка с този имейл адрес.',
    erasureCountChanged: 'Заявките с този имейл адрес се промениха междувременно: сега са {count}. Моля, проверете ги и потвърдете отново.',
    csvColumns: {
      created_at: 'Получена (София)',
      first_name: 'Име',
      business_name: 'Бизнес',
      email: 'Имейл',
      phone: 'Телефон',
      phone_e164: 'Телефон (E.164)',
      service: 'Услуга',
      product: 'Решение',
      custom_service: 'Описана нужда',
      status: 'Статус',
      locale: 'Език',
      seen_at: 'Отворена (София)',
      updated_at: 'Последна промяна (София)',
      privacy_notice_version: 'Версия на уведомлението за поверителност',
      privacy_notice_locale: 'Език на уведомлението за поверителност',
      spam_reason: 'Причина за спам',
      id: 'ID',
    },
  },
};
