// What every part of the inbox reads: its language and texts, the booking form's words it shares
// (service names, field labels), the notification channels' names, and the API in that language.
import { createContext, useContext, useEffect, useState } from 'react';
import type { BookingTexts } from '../content/i18n/booking.ts';
import type { Dictionary } from '../content/i18n/format.ts';
import type { InboxTexts } from '../content/i18n/inbox.ts';
import type { Channel, ChannelDescription } from '../shared/inbox.ts';
import type { Locale } from '../shared/locale.ts';
import { loadDictionary } from '../content/i18n/loaders.ts';
import type { InboxApi } from './api.ts';

export interface Inbox {
  locale: Locale;
  t: InboxTexts;
  booking: BookingTexts;
  api: InboxApi;
  /** A notification channel's names in the inbox's language, as the server's registry gives them; its own name for one it does not describe. */
  channel(name: Channel): { name: string; phrase: string };
  /** Every notification channel the server has, as the session described them (none before logging in). */
  channels: readonly ChannelDescription[];
}

/** The channel lookup of an inbox whose session lists `described` (none before logging in). */
export function channelNamesIn(described: readonly ChannelDescription[], locale: Locale): Inbox['channel'] {
  const byName = new Map(described.map((c) => [c.name, c.names[locale]]));
  return (name) => byName.get(name) ?? { name, phrase: name };
}

export const InboxContext = createContext<Inbox | null>(null);

export function useInbox(): Inbox {
  const inbox = useContext(InboxContext);
  if (!inbox) throw new Error('useInbox outside the inbox');
  return inbox;
}

/**
 * The solutions' names in the inbox's language. They live in the public pages' dictionaries (the service
 * cards show them), so the inbox fetches its language's dictionary when a lead's page needs one; until
 * then, and if it cannot, a product shows as stored (in English).
 */
export function useProductNames(locale: Locale): Partial<Dictionary['products']> {
  const [names, setNames] = useState<{ locale: Locale; products: Partial<Dictionary['products']> }>();
  useEffect(() => {
    let current = true;
    loadDictionary(locale).then(
      (t) => current && setNames({ locale, products: t.products }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [locale]);
  return names?.locale === locale ? names.products : {};
}
