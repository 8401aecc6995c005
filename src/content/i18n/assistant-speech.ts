// What the server's tools answer Alex and Lana (server/assistants/), in the conversation's language: the
// assistant reads it out or acts on it, so each is a sentence a person says, never a field's name or a
// code. Only the server sends them: they are kept out of the dictionaries the page downloads.
import type { Field } from '../../shared/booking.ts';
import type { Locale } from '../../shared/locale.ts';

const en = {
  /** `{days}`: "Tuesday 1 December at 10:00, 10:30 or 14:00; Wednesday 2 December at 09:00". */
  slots: 'Free times for a 30-minute call, Sofia time: {days}.',
  /** After a time, when the caller's zone is another: the time on their clock. */
  yourTime: '{time} your time',
  or: 'or',
  at: 'at',
  /** The instants to pass back as `start`, on a line the assistant does not read out. */
  startValues: 'Values for start (do not read out): {values}',
  noSlotsThatDay: 'There are no free times on {day}.',
  noSlots:
    'There are no free times in the coming days. The visitor can still leave their details, and the team will call them back within 24 hours.',
  badDay: 'I did not understand the day. Ask for a day such as next Tuesday, and send it as a date like 2026-12-01.',
  booked: 'Booked for {when} Sofia time; the invitation is on its way to {email}.',
  bookedNoMail: 'Booked for {when} Sofia time. The team will confirm it.',
  moved: 'Moved to {when} Sofia time; the updated invitation is on its way to {email}.',
  movedNoMail: 'Moved to {when} Sofia time.',
  requested: 'The request is saved, and the team will call {name} back within 24 hours.',
  slotTaken: 'That time has just been taken. {slots}',
  notASlot: 'That time cannot be booked. {slots}',
  limit: 'I cannot book more calls right now. Please ask the visitor to use the booking form on the page, or to call {phone}.',
  unavailable: 'The booking system is not answering right now. Please ask the visitor to try again in a minute, or to use the form on the page.',
  unknownTool: 'That tool is not available here.',
  /**
   * Alex's first sentence on a call it places to a visitor who asked for it: that it is an AI assistant,
   * calling from the agency, about the request just made. It names no one: a name is what the visitor typed.
   */
  callbackOpening: 'Hello, this is Alex, an AI assistant calling from {brand} about the discovery call you just requested on our website. Is now a good moment?',
  /** What Alex leaves on a voicemail, after the beep: who called, about what, and what happens next. No retry follows. */
  callbackVoicemail: 'Hello, this is Alex, an AI assistant from {brand}, calling about the discovery call you just requested on our website. Someone from our team will call you within 24 hours; you can also pick a time with the link in our email. Thank you!',
  /** `decline_ai_calls`: the person asked not to be called by an AI; kept, and a person calls instead. */
  aiCallsDeclined: 'Noted: Alex will not call this number again, and a person from the team will call within 24 hours. Apologise, thank them and end the call.',
  /** `decline_ai_calls` on a conversation Alex did not place. */
  notACallback: 'This is not a call Alex placed; there is nothing to stop.',
  /** A field that is missing or empty. */
  missing: {
    first_name: "I still need the visitor's first name.",
    email: 'I still need an email address for the invitation.',
    phone: 'I still need a phone number to reach the visitor.',
    business_name: 'I still need the name of the business.',
    service: 'Ask which service they are interested in: {services}.',
    product: 'Ask which of these fits best: {products}.',
    custom_service: 'Ask for a short description of what they would like to automate or build.',
  } satisfies Record<Field, string>,
  invalidEmail: 'The email address seems incomplete. Please ask for it again and spell it back.',
  invalidPhone: 'The phone number seems incomplete. Please ask for it again, with the country code.',
  invalidService: 'The service must be one of these: {services}. Ask which one fits.',
  invalidProduct: 'Ask which of these fits best: {products}.',
  tooLong: 'The {field} is too long. Ask for a shorter one.',
  fieldNames: {
    first_name: 'first name',
    email: 'email address',
    phone: 'phone number',
    business_name: 'business name',
    service: 'service',
    product: 'solution',
    custom_service: 'description',
  } satisfies Record<Field, string>,
};

export type AssistantSpeech = typeof en;

export const assistantSpeech: Record<Locale, AssistantSpeech> = {
  en,
  bg: {
    slots: 'Свободни часове за 30-минутен разговор, по софийско време: {days}.',
    yourTime: '{time} ваше време',
    or: 'или',
    at: 'в',
    startValues: 'Стойности за start (не се четат на глас): {values}',
    noSlotsThatDay: 'На {day} няма свободни часове.',
    noSlots: 'През следващите дни няма свободни часове. Посетителят може да остави данните си и екипът ще му се обади до 24 часа.',
    badDay: 'Не разбрах деня. Попитайте за ден, например следващия вторник, и го изпратете като дата, например 2026-12-01.',
    booked: 'Записано за {when} софийско време; поканата пътува към {email}.',
    bookedNoMail: 'Записано за {when} софийско време. Екипът ще го потвърди.',
    moved: 'Преместено за {when} софийско време; обновената покана пътува към {email}.',
    movedNoMail: 'Преместено за {when} софийско време.',
    requested: 'Заявката е записана и екипът ще се обади на {name} до 24 часа.',
    slotTaken: 'Този час току-що беше зает. {slots}',
    notASlot: 'Този час не може да бъде записан. {slots}',
    limit: 'В момента не мога да записвам повече разговори. Помолете посетителя да използва формата на страницата или да се обади на {phone}.',
    unavailable: 'Системата за записване не отговаря в момента. Помолете посетителя да опита отново след минута или да използва формата на страницата.',
    unknownTool: 'Този инструмент не е достъпен тук.',
    callbackOpening: 'Здравейте, обажда се Алекс, AI асистент на {brand}, относно консултацията, която току-що заявихте на сайта ни. Удобно ли ви е сега?',
    callbackVoicemail: 'Здравейте, обажда се Алекс, AI асистент на {brand}, относно консултацията, която току-що заявихте на сайта ни. Човек от екипа ни ще ви се обади до 24 часа; можете и да изберете час от връзката в имейла ни. Благодаря!',
    aiCallsDeclined: 'Записано: Алекс няма да звъни повече на този номер, а човек от екипа ще се обади до 24 часа. Извинете се, благодарете и приключете разговора.',
    notACallback: 'Това не е обаждане, започнато от Алекс; няма какво да се спре.',
    missing: {
      first_name: 'Още ми трябва малкото име на посетителя.',
      email: 'Още ми трябва имейл адрес за поканата.',
      phone: 'Още ми трябва телефонен номер, на който да се свържем с посетителя.',
      business_name: 'Още ми трябва името на бизнеса.',
      service: 'Попитайте коя услуга го интересува: {services}.',
      product: 'Попитайте кое от тези пасва най-добре: {products}.',
      custom_service: 'Помолете за кратко описание на това, което иска да автоматизира или изгради.',
    },
    invalidEmail: 'Имейл адресът изглежда непълен. Помолете да го каже отново и го повторете буква по буква.',
    invalidPhone: 'Телефонният номер изглежда непълен. Помолете да го каже отново, с кода на държавата.',
    invalidService: 'Услугата трябва да е една от тези: {services}. Попитайте коя пасва.',
    invalidProduct: 'Попитайте кое от тези пасва най-добре: {products}.',
    tooLong: 'Полето „{field}“ е твърде дълго. Помолете за по-кратко.',
    fieldNames: {
      first_name: 'малко име',
      email: 'имейл адрес',
      phone: 'телефонен номер',
      business_name: 'име на бизнеса',
      service: 'услуга',
      product: 'решение',
      custom_service: 'описание',
    },
  },
};
