import { useEffect } from 'react';
import { isLocale } from '../../shared/locale.ts';
import { openBooking } from '../booking/booking-root.tsx';
import { TopBar } from '../sections/top-bar.tsx';
import { prepareSwitch, switchLanguage } from './switch-language.ts';

export default function TopBarIsland() {
  useEffect(() => {
    // Woken by a pointer over a language's link, a finger on it or its focus: that reach came before React
    // was here.
    const reached = document.querySelector<HTMLAnchorElement>('header a[hreflang]:is(:hover, :focus, :active)');
    if (isLocale(reached?.hreflang)) prepareSwitch(reached.hreflang, reached.matches(':active'));
  }, []);
  return <TopBar onBookCall={openBooking} onSwitchLanguage={switchLanguage} onReachLanguage={prepareSwitch} />;
}
