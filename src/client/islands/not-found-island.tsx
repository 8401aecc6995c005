import { pageTexts } from '../../content/i18n/pages.ts';
import { openBooking } from '../booking/booking-root.tsx';
import { NotFound } from '../pages/not-found.tsx';
import { useI18n } from '../use-i18n.ts';

export default function NotFoundIsland() {
  const { locale } = useI18n();
  return <NotFound texts={pageTexts[locale].notFound} onBookCall={openBooking} />;
}
