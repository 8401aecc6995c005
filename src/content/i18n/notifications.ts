// The texts of the notification mails, in both languages: only the server sends them, so no page
// downloads them. The operator's mail is in OPERATOR_LOCALE and names the fields with the booking
// dialog's labels (booking.ts); the visitor's confirmation is in the language they booked in and says
// what the dialog's thank-you panel says, from the same texts.
import type { Locale } from '../../shared/locale.ts';

const en = {
  newLead: {
    subject: 'New discovery call request: {name}, {business}',
    intro: '{name} from {business} asked for a free discovery call.',
    deadline: 'We promised a call within 24 hours: by {deadline}.',
  },
  reminder: {
    subject: 'Still waiting for a call ({waited} h): {name}, {business}',
    intro: '{name} from {business} has been waiting {waited} h for a call back: {left} h left of the 24 we promised.',
  },
  received: 'Received',
  /** How the lead came in, and where from: the campaign's source (or the referring site) and name. */
  cameThrough: 'Came through',
  ways: { form: 'The booking form', voice: 'A call with {assistant}', chat: 'A chat with {assistant}' },
  source: 'Source',
  campaign: 'Campaign',
  /** The made-up request of a sample message, sent to try a channel's setting. */
  sample: { name: 'Test', business: 'A sample message from the site' },
  /** A conversation with Alex or Lana that made or found a lead, once it ended. */
  conversation: {
    subject: 'Conversation with {assistant}: {name}, {business}',
    intro: { voice: '{name} from {business} talked with {assistant} on a call.', chat: '{name} from {business} wrote with {assistant} in the chat.' },
    summary: 'Summary: {summary}',
    noSummary: 'The conversation came without a summary; its transcript is with the request.',
    length: 'Length',
    minutes: '{minutes} min {seconds} s',
    /** A call Alex placed because the lead asked: what came of it, so a person follows up where needed. */
    callback: {
      subjects: {
        booked: 'Alex booked a call with {name}, {business}',
        answered: 'Alex talked with {name}, {business}: no time booked yet',
        missed: 'Alex could not reach {name}, {business}',
      },
      intros: {
        booked: 'Alex called {name} from {business} back, as they asked, and booked the discovery call.',
        answered: 'Alex called {name} from {business} back, as they asked; no time was booked. Please follow up.',
        'no-answer': 'Alex called {name} from {business} back, as they asked; no one answered.',
        busy: 'Alex called {name} from {business} back, as they asked; the line was busy.',
        voicemail: 'Alex called {name} from {business} back, as they asked, and reached voicemail.',
        failed: 'Alex’s call to {name} from {business} could not be placed.',
      },
      tryAgain: 'Alex tries once more in {minutes} minutes.',
      followUp: 'Please call them yourself.',
    },
  },
  /** A time in the mail: the inbox's clock, Sofia's. */
  sofiaTime: '{time} Sofia time',
  language: 'Language of the request',
  open: 'Open the request in the inbox',
  languages: { en: 'English', bg: 'Bulgarian' },
  greeting: 'Hello {name},',
  /** Where nothing of the name is a name's letters. */
  greetingWithoutName: 'Hello,',
  /** The visitor's mails about their meeting, and the operator's news of it. */
  meeting: {
    /** The calendar entry's title; the subjects below start from it. */
    summary: 'Free discovery call with {company}',
    description: 'A free {minutes}-minute discovery call: we call you at {phone} and talk about what AI could take off your hands.',
    descriptionWithoutPhone: 'A free {minutes}-minute discovery call: we call you and talk about what AI could take off your hands.',
    booked: { subject: 'Your free call: {when}', intro: 'Your free discovery call is booked for {when}.' },
    rescheduled: { subject: 'Your call has moved: {when}', intro: 'Your free discovery call has moved to {when}. The invitation in your calendar is updated.' },
    cancelled: {
      subject: 'Your call of {when} is cancelled',
      intro: 'Your free discovery call of {when} is cancelled. We will phone you to agree on another time, or you can pick one yourself.',
    },
    reminder: { subject: 'Reminder: your free call {when}', intro: 'A reminder: your free discovery call is {when}.' },
    noShow: { subject: 'We missed you: pick another time', intro: 'We called you on {when} but could not reach you. Pick another time that suits you, and we will call then.' },
    /** The time on the visitor's clock, its zone named. */
    when: '{when} ({zone})',
    sofia: 'That is {time} in Sofia.',
    callYou: 'We will call you at {phone}.',
    manage: 'Reschedule or cancel',
    pickAgain: 'Pick a time',
    google: 'Add to Google Calendar',
    outlook: 'Add to Outlook',
    operator: {
      booked: { subject: 'Call booked: {name}, {business}, {when}', intro: '{name} from {business} booked the free call for {when}.' },
      rescheduled: { subject: 'Call moved: {name}, {business}, {when}', intro: '{name} from {business} moved the free call to {when}.' },
      cancelled: { subject: 'Call cancelled: {name}, {business}', intro: '{name} from {business} cancelled the free call of {when}. The request is waiting for a call again.' },
    },
  },
};

export type NotificationTexts = typeof en;

export const notificationTexts: Record<Locale, NotificationTexts> = {
  en,
  bg: {
    newLead: {
      subject: 'Нова заявка за консултация: {name}, {business}',
      intro: '{name} от {business} заяви безплатна консултация.',
      deadline: 'Обещахме обаждане до 24 часа: до {deadline}.',
    },
    reminder: {
      subject: 'Все още чака обаждане ({waited} ч): {name}, {business}',
      intro: '{name} от {business} чака обаждане от {waited} ч: остават {left} ч от обещаните 24.',
    },
    received: 'Получена',
    cameThrough: 'Дошла чрез',
    ways: { form: 'Формата за заявка', voice: 'Разговор с {assistant}', chat: 'Чат с {assistant}' },
    source: 'Източник',
    campaign: 'Кампания',
    sample: { name: 'Тест', business: 'Примерно съобщение от сайта' },
    conversation: {
      subject: 'Разговор с {assistant}: {name}, {business}',
      intro: { voice: '{name} от {business} говори с {assistant} по телефона.', chat: '{name} от {business} писа с {assistant} в чата.' },
      summary: 'Резюме: {summary}',
      noSummary: 'Разговорът дойде без резюме; записът му е при заявката.',
      length: 'Продължителност',
      minutes: '{minutes} мин {seconds} с',
      callback: {
        subjects: {
          booked: 'Алекс насрочи разговор с {name}, {business}',
          answered: 'Алекс говори с {name}, {business}: още няма насрочен час',
          missed: 'Алекс не успя да се свърже с {name}, {business}',
        },
        intros: {
          booked: 'Алекс се обади на {name} от {business}, както поискаха, и насрочи безплатната консултация.',
          answered: 'Алекс се обади на {name} от {business}, както поискаха; не беше насрочен час. Моля, свържете се с тях.',
          'no-answer': 'Алекс се обади на {name} от {business}, както поискаха; никой не вдигна.',
          busy: 'Алекс се обади на {name} от {business}, както поискаха; линията беше заета.',
          voicemail: 'Алекс се обади на {name} от {business}, както поискаха, и попадна на гласова поща.',
          failed: 'Обаждането на Алекс до {name} от {business} не можа да бъде осъществено.',
        },
        tryAgain: 'Алекс ще опита още веднъж след {minutes} минути.',
        followUp: 'Моля, обадете им се сами.',
      },
    },
    sofiaTime: '{time} ч. българско време',
    language: 'Език на заявката',
    open: 'Отворете заявката във входящите',
    languages: { en: 'английски', bg: 'български' },
    greeting: 'Здравейте, {name},',
    greetingWithoutName: 'Здравейте,',
    meeting: {
      summary: 'Безплатна консултация с {company}',
      description: 'Безплатен {minutes}-минутен разговор: ще ви се обадим на {phone} и ще поговорим какво може да поеме изкуственият интелект вместо вас.',
      descriptionWithoutPhone: 'Безплатен {minutes}-минутен разговор: ще ви се обадим и ще поговорим какво може да поеме изкуственият интелект вместо вас.',
      booked: { subject: 'Вашият безплатен разговор: {when}', intro: 'Безплатният ви разговор е записан за {when}.' },
      rescheduled: { subject: 'Разговорът ви е преместен: {when}', intro: 'Безплатният ви разговор е преместен за {when}. Поканата в календара ви е обновена.' },
      cancelled: {
        subject: 'Разговорът ви от {when} е отменен',
        intro: 'Безплатният ви разговор от {when} е отменен. Ще ви се обадим, за да уговорим друг час, или можете сами да изберете час.',
      },
      reminder: { subject: 'Напомняне: безплатният ви разговор {when}', intro: 'Напомняме ви: безплатният ви разговор е {when}.' },
      noShow: { subject: 'Не успяхме да се чуем: изберете друг час', intro: 'Обадихме ви се за разговора, записан за {when}, но не успяхме да се свържем. Изберете друг удобен час и ще ви се обадим тогава.' },
      when: '{when} ({zone})',
      sofia: 'Това е {time} в София.',
      callYou: 'Ще ви се обадим на {phone}.',
      manage: 'Преместете или отменете',
      pickAgain: 'Изберете час',
      google: 'Добавете в Google Календар',
      outlook: 'Добавете в Outlook',
      operator: {
        booked: { subject: 'Насрочен разговор: {name}, {business}, {when}', intro: '{name} от {business} записа безплатния разговор за {when}.' },
        rescheduled: { subject: 'Преместен разговор: {name}, {business}, {when}', intro: '{name} от {business} премести безплатния разговор за {when}.' },
        cancelled: { subject: 'Отменен разговор: {name}, {business}', intro: '{name} от {business} отмени безплатния разговор от {when}. Заявката отново чака обаждане.' },
      },
    },
  },
};
