import { openBooking } from '../booking/booking-root.tsx';
import { elsewhereOf, currentSubPage } from '../pages/sub-pages.ts';
import { TopBar } from '../sections/top-bar.tsx';
import { useI18n } from '../use-i18n.ts';

export default function PageTopBarIsland() {
  const { locale } = useI18n();
  return <TopBar onBookCall={openBooking} elsewhere={elsewhereOf(currentSubPage(), locale)} />;
}
