// The picture a link to the site shows when shared (Open Graph, Twitter): one per language, made by
// scripts/og-image.ts from the business name and slogan.
import type { Locale } from '../shared/locale.ts';
import type { BusinessProfile } from './profile.ts';

/** The size the large link previews use; other sizes get cropped or letterboxed. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Under public/; the English one is also the business image in the search data. */
export function shareImagePath(locale: Locale): string {
  return locale === 'en' ? '/og-image.png' : `/og-image-${locale}.png`;
}

/** What the picture says, for those who cannot see it. */
export function shareImageAlt(business: Pick<BusinessProfile, 'name' | 'slogan'>, locale: Locale): string {
  return `${business.name}: ${business.slogan[locale]}`;
}
