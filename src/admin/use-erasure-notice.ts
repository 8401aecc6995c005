import { useCallback, useState } from 'react';
import { plural } from '../content/i18n/format.ts';
import type { InboxTexts } from '../content/i18n/inbox.ts';
import type { Locale } from '../shared/locale.ts';
import { navigate } from './navigation.tsx';
import { INBOX_PATH } from './routes.ts';

/**
 * What an erasure leaves to say once the lead's page is gone: read out by a status region that stays
 * on every page, shown on the list the erasure returns to, and gone once the address changes again.
 * `href` is the address shown; `listSearch` the list's query, where the erasure returns.
 */
export function useErasureNotice(href: string, listSearch: string, t: InboxTexts, locale: Locale) {
  const [notice, setNotice] = useState<{ text: string; at: string }>();
  const [seenHref, setSeenHref] = useState(href);
  if (seenHref !== href) {
    setSeenHref(href);
    if (notice && notice.at !== href) setNotice(undefined);
  }
  const erased = useCallback(
    (count: number) => {
      const list = INBOX_PATH + listSearch;
      setNotice({ text: plural(t.person.done, count, locale), at: list });
      navigate(list);
    },
    [t, locale, listSearch],
  );
  return { notice, erased };
}
