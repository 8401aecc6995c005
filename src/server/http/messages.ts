// The language of an answer the server writes itself (an error, a refusal), from the request: its
// Accept-Language, as the browser that sent it prefers. One rule for every route, so an operator and a
// visitor get each answer in the same language as the last. (A booking also carries the form's own
// language, which it prefers: booking/discovery-calls.ts.)
import type { FastifyRequest } from 'fastify';
import { adminMessages, type AdminMessages } from '../../content/i18n/admin-messages.ts';
import { apiMessages, type ApiMessages } from '../../content/i18n/api-messages.ts';
import { localeFromAcceptLanguage } from '../../shared/language.ts';
import type { Locale } from '../../shared/locale.ts';

export const localeOf = (request: FastifyRequest): Locale => localeFromAcceptLanguage(request.headers['accept-language']);

/** The public API's messages (bookings, events, limits, errors) in the request's language. */
export const apiMessagesFor = (request: FastifyRequest): ApiMessages => apiMessages[localeOf(request)];

/** The admin API's messages in the request's language. */
export const adminMessagesFor = (request: FastifyRequest): AdminMessages => adminMessages[localeOf(request)];
