// Which of our languages a visitor gets, from what the request tells us.
import { isLocale, type Locale } from './locale.ts';

/**
 * The best of our locales for an Accept-Language header, by its q-values; English when none matches.
 * `bg-BG;q=0.9, en;q=0.8` gives 'bg'.
 */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return 'en';
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!isLocale(primary) || !Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? 'en';
}
