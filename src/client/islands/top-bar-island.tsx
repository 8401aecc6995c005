import { openBooking } from '../booking/booking-root.tsx';
import { TopBar } from '../sections/top-bar.tsx';
import { switchLanguage } from './switch-language.ts';

export default function TopBarIsland() {
  return <TopBar onBookCall={openBooking} onSwitchLanguage={switchLanguage} />;
}
