import { useBookingDialog } from './booking/use-booking-dialog.tsx';
import { BottomCta } from './sections/bottom-cta.tsx';
import { ChatBox } from './sections/chat-box.tsx';
import { ComparisonChart } from './sections/comparison-chart.tsx';
import { CustomDevelopment } from './sections/custom-development.tsx';
import { Faq } from './sections/faq.tsx';
import { Footer } from './sections/footer.tsx';
import { Hero } from './sections/hero.tsx';
import { Industries } from './sections/industries.tsx';
import { LogoStrip } from './sections/logo-strip.tsx';
import { Process } from './sections/process.tsx';
import { ServicesCarousel } from './sections/services-carousel.tsx';
import { Stats } from './sections/stats.tsx';
import { TopBar } from './sections/top-bar.tsx';
import { VoiceDemo } from './sections/voice-demo.tsx';
import { I18nContext, type I18n } from './use-i18n.ts';
import { useLanguage } from './use-language.ts';

/** The whole home page in one language; `initial` is the language the server rendered. */
export function App({ initial }: { initial: I18n }) {
  const [i18n, switchLanguage] = useLanguage(initial);
  const { openBooking, dialog } = useBookingDialog();

  return (
    <I18nContext.Provider value={i18n}>
      <TopBar onBookCall={openBooking} onSwitchLanguage={switchLanguage} />
      <main>
        <Hero onBookCall={openBooking} />
        <LogoStrip />
        <Stats />
        <ComparisonChart />
        <ServicesCarousel />
        <Process />
        <Industries />
        <Faq />
        <ChatBox />
        <CustomDevelopment />
        <VoiceDemo />
        <BottomCta onBookCall={openBooking} />
        <div aria-hidden="true" className="h-16 sm:h-24" />
      </main>
      <Footer />
      {dialog}
    </I18nContext.Provider>
  );
}
