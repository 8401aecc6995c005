// The booking dialog's texts, in both languages. They load with the dialog (client/booking/), which
// the page fetches when a visitor opens it, so the first visit does not download them. The solutions'
// names stay in the dictionaries (`products`): the service cards show them too; the services' names are
// in booking-services.ts, which the voice demo and the chat read as well. The server reads these texts
// for its field messages.
import { MIN_PHONE_DIGITS, type Field } from '../../shared/booking.ts';
import type { Locale } from '../../shared/locale.ts';
import { bookingServiceNames } from './booking-services.ts';
import { format, withFigures } from './template.ts';

const en = {
  title: 'Book a Free Discovery Call',
  stepOf: 'Step {step} of {total}',
  steps: ['Contact information', 'Business needs', 'Your project'],
  firstName: 'First name',
  email: 'Email address',
  phone: 'Phone number',
  businessName: 'Business name',
  service: 'Service you are interested in',
  servicePlaceholder: 'Choose a service',
  product: 'Which solution fits you best?',
  customService: 'Describe the service you want to automate',
  customServicePlaceholder: 'For example: answering calls after hours and booking appointments',
  back: 'Back',
  next: 'Next',
  /** By Next (and Send) while they are off: what is still missing, `{fields}` from `fieldNames`. */
  toContinue: 'Fill in your {fields} to continue.',
  /** The same, for fields filled in but not right (an email without its domain, a phone with letters). */
  toCorrect: 'Check your {fields} to continue.',
  /** Both at once: `{missing}` still empty, `{wrong}` filled in but not right. */
  toFillAndCorrect: 'Fill in your {missing} and check your {wrong} to continue.',
  fieldNames: {
    first_name: 'name',
    email: 'email',
    phone: 'phone',
    business_name: 'business name',
    service: 'service',
    product: 'choice of solution',
    custom_service: 'description',
  } satisfies Record<Field, string> as Record<Field, string>,
  send: 'Send Request',
  sending: 'Sending...',
  close: 'Close',
  closeDialog: 'Close dialog',
  /** Under the last step; `{privacyNotice}` is the link to the notice, which opens in a new tab. */
  consent: 'By sending this request you agree that we contact you about it; see our {privacyNotice}.',
  privacyNotice: 'privacy notice',
  newTab: '(opens in a new tab)',
  services: bookingServiceNames.en,
  errors: {
    required: 'This field is required.',
    tooLong: 'Please use at most {max} characters.',
    invalidEmail: 'Please enter a valid email address.',
    invalidPhone: format('Please enter a phone number: at least {digits} digits, with spaces, +, - or brackets if you like, and no letters.', { digits: MIN_PHONE_DIGITS }),
    impossiblePhone: 'This is not a phone number we can call. Please check it, and add its country code, starting with +, if it is not a Bulgarian number.',
    invalidService: 'Please choose a service from the list.',
    invalidProduct: 'Please choose one of the options.',
  },
  failed: 'Failed to submit form',
  failedRetry: 'Failed to submit form. Please try again.',
  /** Over the booking limit (the API says the same); `one` for a single minute to wait, `other` for more. */
  tooManyRequests: {
    one: 'Too many requests from your connection. Please try again in {minutes} minute.',
    other: 'Too many requests from your connection. Please try again in {minutes} minutes.',
  },
  /** The details changed after an earlier send of this form reached us (the API's 422). */
  alreadySent: 'We already have your request with the details you sent first. To send these details as well, press Send Request again.',
  thankYou: {
    title: 'Thank You for Your Request!',
    review: 'Our AI will review your request and prepare for your call.',
    callback: withFigures(
      'We will call you within the next {callBackHours} hours to schedule your free discovery call.',
      'en',
    ),
    phoneHint: 'Please keep an eye on your phone.',
    /** In place of `callback` when the visitor asked Alex to call: now, or as `callNow.later` said. */
    alexNow: 'Alex, our AI assistant, is calling you now.',
    alexLater: 'Alex, our AI assistant, will call you {day} from {time}.',
    /** `{number}`: the number the call comes from. */
    alexFrom: 'The call comes from {number}.',
  },
  /**
   * Asking Alex, the agency's AI assistant, to phone (only where the server offers it): now within the
   * calling hours, else `later`, with `{day}` one of the day words and `{time}` on Sofia's clock. The
   * lead keeps the version of all these words (server/booking/discovery-calls.ts).
   */
  callNow: {
    label: 'Have Alex, our AI assistant, call me now',
    later: 'Have Alex, our AI assistant, call me {day} from {time}',
    today: 'today',
    tomorrow: 'tomorrow',
    /** Monday first. */
    weekdays: ['on Monday', 'on Tuesday', 'on Wednesday', 'on Thursday', 'on Friday', 'on Saturday', 'on Sunday'],
    /** Under the choice; `{privacyNotice}` is the link to the notice, as in `consent`. */
    note: 'Alex is an AI. The call may be recorded, as our {privacyNotice} says.',
  },
  /** Picking the call's time on the thank-you panel, instead of waiting for the call (server/meetings/). */
  meeting: {
    pick: 'Pick a time now',
    orWait: 'Or keep waiting for our call.',
    // The address of the visitor's own meeting page, for picking a time after the dialog is closed.
    later: 'To pick a time later, keep this link:',
    laterLink: 'your call’s page',
    title: 'Pick a time for your free call',
    loading: 'Loading the free times…',
    zone: 'Times in your time zone, {zone}.',
    zoneWithSofia: 'Times in your time zone, {zone}, with Sofia time beside them.',
    sofia: 'Sofia {time}',
    moreDays: 'Show more days',
    // Moving a booked call: {when} is the time it has now, on the visitor's clock.
    current: 'Your call is booked now for {when}. Pick the new time.',
    // Under the time in the list that the call holds now.
    yours: 'Your call',
    book: 'Book this time',
    booking: 'Booking…',
    chooseFirst: 'Choose a time first.',
    none: 'There are no free times in the next days. We will call you to agree on one.',
    failed: 'The free times could not be loaded.',
    retry: 'Try again',
    booked: 'Your call is booked for {when}.',
    bookedSofia: 'That is {time} in Sofia.',
    bookedNext: 'We will call you then at the number you gave.',
    invitation: 'An invitation for your calendar is on its way to your email, with a link to move or cancel the call.',
  },
};

/** `{name}` marks a value filled in at run time. */
export type BookingTexts = typeof en;

export const bookingTexts: Record<Locale, BookingTexts> = {
  en,
  bg: {
    title: 'Запазете безплатна консултация',
    stepOf: 'Стъпка {step} от {total}',
    steps: ['Данни за контакт', 'Нуждите на бизнеса', 'Вашият проект'],
    firstName: 'Име',
    email: 'Имейл адрес',
    phone: 'Телефонен номер',
    businessName: 'Име на бизнеса',
    service: 'Услуга, която ви интересува',
    servicePlaceholder: 'Изберете услуга',
    product: 'Кое решение ви подхожда най-добре?',
    customService: 'Опишете процеса, който искате да автоматизирате',
    customServicePlaceholder: 'Например: приемане на обаждания извън работно време и записване на часове',
    back: 'Назад',
    next: 'Напред',
    toContinue: 'Попълнете {fields}, за да продължите.',
    toCorrect: 'Проверете {fields}, за да продължите.',
    toFillAndCorrect: 'Попълнете {missing} и проверете {wrong}, за да продължите.',
    fieldNames: {
      first_name: 'име',
      email: 'имейл',
      phone: 'телефон',
      business_name: 'име на бизнеса',
      service: 'услуга',
      product: 'решение',
      custom_service: 'описание',
    },
    send: 'Изпратете заявката',
    sending: 'Изпращане...',
    close: 'Затвори',
    closeDialog: 'Затваряне на прозореца',
    consent: 'С изпращането на заявката се съгласявате да се свържем с вас във връзка с нея; вижте нашето {privacyNotice}.',
    privacyNotice: 'уведомление за поверителност',
    newTab: '(отваря се в нов раздел)',
    services: bookingServiceNames.bg,
    errors: {
      required: 'Това поле е задължително.',
      tooLong: 'Моля, използвайте най-много {max} знака.',
      invalidEmail: 'Моля, въведете валиден имейл адрес.',
      invalidPhone: format('Моля, въведете телефонен номер: поне {digits} цифри, по желание с интервали, +, - или скоби, без букви.', { digits: MIN_PHONE_DIGITS }),
      impossiblePhone: 'На този номер не можем да се обадим. Моля, проверете го и добавете кода на държавата, започващ с +, ако номерът не е български.',
      invalidService: 'Моля, изберете услуга от списъка.',
      invalidProduct: 'Моля, изберете една от възможностите.',
    },
    failed: 'Изпращането на формата не бе успешно',
    failedRetry: 'Изпращането на формата не бе успешно. Моля, опитайте отново.',
    tooManyRequests: {
      one: 'Твърде много заявки от вашата връзка. Моля, опитайте отново след {minutes} минута.',
      other: 'Твърде много заявки от вашата връзка. Моля, опитайте отново след {minutes} минути.',
    },
    alreadySent:
      'Вече имаме заявката ви с данните, които изпратихте първо. За да изпратите и тези данни, натиснете „Изпратете заявката“ отново.',
    thankYou: {
      title: 'Благодарим ви за заявката!',
      review: 'Нашият AI ще прегледа заявката ви и ще се подготви за разговора.',
      callback: withFigures(
        'Ще ви се обадим в следващите {callBackHours} часа, за да насрочим безплатната ви консултация.',
        'bg',
      ),
      phoneHint: 'Моля, следете телефона си.',
      alexNow: 'Алекс, нашият AI асистент, ви се обажда сега.',
      alexLater: 'Алекс, нашият AI асистент, ще ви се обади {day} от {time}.',
      alexFrom: 'Обаждането е от номер {number}.',
    },
    callNow: {
      label: 'Нека Алекс, нашият AI асистент, ми се обади сега',
      later: 'Нека Алекс, нашият AI асистент, ми се обади {day} от {time}',
      today: 'днес',
      tomorrow: 'утре',
      weekdays: ['в понеделник', 'във вторник', 'в сряда', 'в четвъртък', 'в петък', 'в събота', 'в неделя'],
      note: 'Алекс е изкуствен интелект. Разговорът може да бъде записан, както е посочено в нашето {privacyNotice}.',
    },
    meeting: {
      pick: 'Изберете час сега',
      orWait: 'Или изчакайте обаждането ни.',
      later: 'За да изберете час по-късно, запазете тази връзка:',
      laterLink: 'страницата на вашия разговор',
      title: 'Изберете час за безплатния разговор',
      loading: 'Зареждаме свободните часове…',
      zone: 'Часовете са във вашата часова зона, {zone}.',
      zoneWithSofia: 'Часовете са във вашата часова зона, {zone}, а до тях е часът в София.',
      sofia: 'София {time}',
      moreDays: 'Покажи още дни',
      current: 'Разговорът ви сега е записан за {when}. Изберете новия час.',
      yours: 'Вашият час',
      book: 'Запазете този час',
      booking: 'Запазваме…',
      chooseFirst: 'Първо изберете час.',
      none: 'Няма свободни часове в следващите дни. Ще ви се обадим, за да уговорим час.',
      failed: 'Свободните часове не можаха да се заредят.',
      retry: 'Опитайте отново',
      booked: 'Разговорът ви е записан за {when}.',
      bookedSofia: 'Това е {time} в София.',
      bookedNext: 'Тогава ще ви се обадим на телефона, който посочихте.',
      invitation: 'Покана за календара ви пътува към имейла ви, с връзка за преместване или отмяна на разговора.',
    },
  },
};
