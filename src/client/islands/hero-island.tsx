import { openBooking } from '../booking/booking-root.tsx';
import { Hero } from '../sections/hero.tsx';

export default function HeroIsland() {
  return <Hero onBookCall={openBooking} />;
}
