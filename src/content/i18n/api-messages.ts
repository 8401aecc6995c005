// The booking API's answers, in both languages: only the server sends them, so they are kept out of
// the dictionaries the page downloads. The request's Accept-Language (or the form's locale) picks one.
import type { Locale } from '../../shared/locale.ts';

const en = {
  invalid: 'Please check the highlighted details: {fields}.',
  invalidJson: 'The request could not be read.',
  tooLarge: 'The request is too large.',
  unsupportedType: 'The request must be sent as JSON.',
  tooManyRequests: 'Too many requests. Please try again later.',
  idempotencyConflict:
    'This Idempotency-Key was already used for a request with other details, so nothing was stored. Send a new request with a new key.',
  reservedIdempotencyKey: 'Idempotency-Key values starting with "vapi:" are reserved for the assistants. Send another key.',
  unavailable: 'We could not save your request right now. Please try again in a moment.',
  internal: 'Something went wrong on our side. Please try again.',
  notFound: 'Not found.',
  invalidEvent: 'Only the booking steps are counted: view, open, step2, step3 or sent, with the page language.',
  unknownTimeZone: 'The time zone is not one we know. Send an IANA name such as Europe/Sofia or America/New_York.',
  notASlot: 'That time is not one of the times you can book. Please pick one from the list.',
  slotTaken: 'This time was just taken. Please pick another one.',
  badMeetingToken: 'This link to your meeting is not valid. Please use the link from your email, or book a call again.',
  meetingGone: 'This call no longer exists: its request was deleted. Please book a call again if you would like to talk with us.',
  alreadyBooked: 'Your call is already booked for another time. Use the link in your email to change it.',
  noMeeting: 'There is no booked call to change: it was cancelled or has taken place. You can pick a new time.',
  meetingClosed: 'We cancelled this call, so this link books no other time. To talk with us, write to {email} or request a new free call.',
  tooManyMeetingChanges: 'This call has been changed too many times today. Please try again in {hours} h, or write to us at {email}.',
  tooManyMeetingsHeld: 'Too many calls are already booked from your network. Please wait until one of them has taken place, or write to us at {email}.',
};

export type ApiMessages = typeof en;

export const apiMessages: Record<Locale, ApiMessages> = {
  en,
  bg: {
    invalid: 'Моля, проверете отбелязаните данни: {fields}.',
    invalidJson: 'Заявката не може да бъде прочетена.',
    tooLarge: 'Заявката е твърде голяма.',
    unsupportedType: 'Заявката трябва да бъде изпратена във формат JSON.',
    tooManyRequests: 'Твърде много заявки. Моля, опитайте отново по-късно.',
    idempotencyConflict:
      'Този Idempotency-Key вече е използван за заявка с други данни, затова нищо не е записано. Изпратете нова заявка с нов ключ.',
    reservedIdempotencyKey: 'Стойностите на Idempotency-Key, започващи с „vapi:“, са запазени за асистентите. Изпратете друг ключ.',
    unavailable: 'В момента не можем да запишем заявката ви. Моля, опитайте отново след малко.',
    internal: 'Възникна грешка от наша страна. Моля, опитайте отново.',
    notFound: 'Не е намерено.',
    invalidEvent: 'Броят се само стъпките на записването: view, open, step2, step3 или sent, с езика на страницата.',
    unknownTimeZone: 'Не познаваме тази часова зона. Изпратете име по IANA, например Europe/Sofia или America/New_York.',
    notASlot: 'Този час не е сред часовете, които можете да запазите. Моля, изберете от списъка.',
    slotTaken: 'Този час току-що беше зает. Моля, изберете друг.',
    badMeetingToken: 'Тази връзка към срещата ви не е валидна. Използвайте връзката от имейла си или запишете разговор отново.',
    meetingGone: 'Този разговор вече не съществува: заявката му е изтрита. Запишете разговор отново, ако искате да говорим.',
    alreadyBooked: 'Разговорът ви вече е записан за друг час. Използвайте връзката в имейла си, за да го промените.',
    noMeeting: 'Няма записан разговор за промяна: той е отменен или вече е проведен. Можете да изберете нов час.',
    meetingClosed: 'Отменихме този разговор, затова тази връзка не записва друг час. За да говорим, пишете ни на {email} или заявете нов безплатен разговор.',
    tooManyMeetingChanges: 'Този разговор е променян твърде много пъти днес. Опитайте отново след {hours} ч. или ни пишете на {email}.',
    tooManyMeetingsHeld: 'От вашата мрежа вече са записани твърде много разговори. Изчакайте някой от тях да се проведе или ни пишете на {email}.',
  },
};
