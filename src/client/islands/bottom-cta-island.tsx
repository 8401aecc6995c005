import { openBooking } from '../booking/booking-root.tsx';
import { BottomCta } from '../sections/bottom-cta.tsx';

export default function BottomCtaIsland() {
  return <BottomCta onBookCall={openBooking} />;
}
