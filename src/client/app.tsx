import { useBookingDialog } from './booking/use-booking-dialog.tsx';
import { BottomCta } from './sections/bottom-cta.tsx';
import { ChatBox } from './sections/chat-box.tsx';
import { Footer } from './sections/footer.tsx';
import { Hero } from './sections/hero.tsx';
import { ServicesCarousel } from './sections/services-carousel.tsx';
import { TopBar } from './sections/top-bar.tsx';
import { VoiceDemo } from './sections/voice-demo.tsx';
import { StaticMarkupContext, StaticPart } from '../ui/static-part.tsx';
import { I18nContext, type I18n } from './use-i18n.ts';
import { useLanguage } from './use-language.ts';

/**
 * The whole home page in one language; `initial` is the language the server rendered. The sections that
 * never change are drawn by the prerender and kept by the browser; a switch of language takes them from
 * the other language's page (ui/static-part.tsx).
 */
export function App({ initial }: { initial: I18n }) {
  const [i18n, switchLanguage, markup] = useLanguage(initial);
  const { openBooking, dialog } = useBookingDialog();

  return (
    <I18nContext.Provider value={i18n}>
      <StaticMarkupContext.Provider value={markup}>
      <TopBar onBookCall={openBooking} onSwitchLanguage={switchLanguage} />
      <main>
        <Hero onBookCall={openBooking} />
        <StaticPart name="logos" />
        <StaticPart name="results" />
        <StaticPart name="comparison" />
        <ServicesCarousel />
        <StaticPart name="process" />
        <StaticPart name="industries" />
        <StaticPart name="faq" />
        <ChatBox />
        <StaticPart name="custom" />
        <VoiceDemo onBookCall={openBooking} />
        <BottomCta onBookCall={openBooking} />
        <div aria-hidden="true" className="h-16 sm:h-24" />
      </main>
      <Footer />
      {dialog}
      </StaticMarkupContext.Provider>
    </I18nContext.Provider>
  );
}
