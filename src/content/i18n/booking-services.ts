// The booking form's services as each language names them: the dialog's list (booking.ts), the mails
// and calendar feed that quote a lead's choice, and what Alex and Lana are told the agency offers
// (client/assistant-context.ts). Apart from the dialog's other texts so the assistants' chunks bring
// these names without the booking rules and zod.
import type { Locale } from '../../shared/locale.ts';
import { SERVICE_LINE_IDS, SERVICE_LINES, type Service } from '../../shared/service-lines.ts';

/** In English a service reads as it is stored. */
const en = Object.fromEntries(SERVICE_LINE_IDS.map((id) => [SERVICE_LINES[id].booking, SERVICE_LINES[id].booking])) as Record<
  Service,
  string
>;

export const bookingServiceNames: Record<Locale, Record<Service, string>> = {
  en,
  bg: {
    'Support Automation': 'Автоматизация на обслужването',
    'Conversion Systems': 'Системи за конверсии',
    'Call Automation Systems': 'Автоматизация на обажданията',
    'A.I Lead Generation': 'Генериране на клиенти с AI',
    'Custom Software Development': 'Разработка на софтуер по поръчка',
    Other: 'Друго',
  },
};
