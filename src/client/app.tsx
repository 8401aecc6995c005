import { BottomCta } from './sections/bottom-cta.tsx';
import { ChatBox } from './sections/chat-box.tsx';
import { Hero } from './sections/hero.tsx';
import { ServicesCarousel } from './sections/services-carousel.tsx';
import { TopBar } from './sections/top-bar.tsx';
import { VoiceDemo } from './sections/voice-demo.tsx';
import { Island } from './islands/island-markup.tsx';
import { StaticPart } from './static-part.tsx';
import { I18nContext, type I18n } from './use-i18n.ts';

const none = () => {};

/**
 * The whole home page in one language, as the prerender draws it. The parts a visitor can touch are
 * islands (island-names.ts), each hydrated on its own when reached for; the rest the browser keeps
 * as drawn (client/static-part.tsx), and no script carries its code. The handlers given here are the
 * islands' own in the browser (islands/*-island.tsx); the prerender draws no handler.
 */
export function App({ initial }: { initial: I18n }) {
  return (
    <I18nContext.Provider value={initial}>
      <Island name="top-bar" i18n={initial}>
        <TopBar onBookCall={none} onSwitchLanguage={none} />
      </Island>
      <main>
        <Island name="hero" i18n={initial}>
          <Hero onBookCall={none} />
        </Island>
        <StaticPart name="logos" />
        <StaticPart name="results" />
        <StaticPart name="comparison" />
        <Island name="services" i18n={initial}>
          <ServicesCarousel />
        </Island>
        <StaticPart name="process" />
        <StaticPart name="industries" />
        <StaticPart name="faq" />
        <Island name="chat-box" i18n={initial}>
          <ChatBox />
        </Island>
        <StaticPart name="custom" />
        <Island name="voice-demo" i18n={initial}>
          <VoiceDemo onBookCall={none} />
        </Island>
        <Island name="bottom-cta" i18n={initial}>
          <BottomCta onBookCall={none} />
        </Island>
        <div aria-hidden="true" className="h-16 sm:h-24" />
      </main>
      <StaticPart name="footer" />
    </I18nContext.Provider>
  );
}
