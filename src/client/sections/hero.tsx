import { CLIENTS, STATS, formatFigure } from '../../content/figures.ts';
import { partnerLogo } from '../../content/logos.ts';
import { Button, buttonVariants } from '../../ui/button.tsx';
import { ChatBubble } from '../../ui/chat-bubble.tsx';
import { Icon } from '../../ui/icons.tsx';
import { InlineSvg, svgFileAt } from '../../ui/inline-svg.tsx';
import { useI18n } from '../use-i18n.ts';
import { BOOK_CALL_ID } from './bottom-cta.tsx';

/** The partner's logo, drawn by the hero's script too: the glob takes in the partner's file alone. */
const PARTNER_FILES = import.meta.glob<string>('/public/logos/partner-*.svg', { query: '?raw', import: 'default', eager: true });

/** The first screen: the promise, the call to action, and proof. Phones stack it; desktops add a visual. */
export function Hero({ onBookCall }: { onBookCall: () => void }) {
  const { t, locale } = useI18n();
  return (
    <section
      id="hero-section"
      aria-labelledby="hero-title"
      className="relative isolate flex min-h-svh items-center overflow-hidden px-4 pt-[max(12vh,4rem)] sm:px-6"
    >
      <div
        aria-hidden="true"
        className="glow pointer-events-none absolute top-[calc(25%-8rem)] left-1/2 -z-10 size-[52rem] -translate-x-1/2 bg-indigo-600/20 lg:left-3/4"
      />
      <div className="mx-auto grid w-full max-w-7xl items-center gap-12 py-12 lg:grid-cols-[1.15fr_0.85fr] lg:py-20">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-line bg-panel/70 px-3 py-1 text-xs font-medium text-cyan-300 sm:text-sm">
            <Icon name="sparkle" className="size-4" />
            {t.hero.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {t.hero.title} <span className="text-gradient">{t.hero.highlight}</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-300 sm:text-xl lg:mx-0">
            {t.hero.description}
          </p>
          <div className="mt-10 flex flex-col items-center gap-3 lg:items-start">
            <Button size="lg" onClick={onBookCall} aria-haspopup="dialog">
              {t.hero.cta}
            </Button>
            {/* Where no script runs: to the booking section, which gives the phone and email. */}
            <noscript>
              <a href={`#${BOOK_CALL_ID}`} className={buttonVariants({ size: 'lg' })}>
                {t.hero.cta}
              </a>
            </noscript>
            <p className="text-sm text-slate-400">{t.hero.note}</p>
          </div>
          <div className="mt-10 flex flex-wrap items-center justify-center gap-x-6 gap-y-3 lg:justify-start">
            <p className="flex items-baseline gap-2">
              <span className="text-3xl font-extrabold text-white">{formatFigure(CLIENTS, locale)}</span>
              <span className="text-slate-300">{t.hero.trust.label}</span>
            </p>
            <span aria-hidden="true" className="hidden h-8 w-px bg-slate-700 sm:block" />
            <p className="flex items-center gap-2 text-sm text-slate-400">
              {t.hero.trust.partner}
              <InlineSvg file={svgFileAt(PARTNER_FILES, partnerLogo.logo)} label={partnerLogo.name} />
            </p>
          </div>
        </div>

        <HeroVisual />
      </div>

      <a
        href="#logos"
        className="absolute bottom-6 left-1/2 hidden -translate-x-1/2 flex-col items-center gap-1 text-xs text-slate-400 hover:text-white sm:flex"
      >
        {t.hero.scrollHint}
        <Icon name="arrow-down" className="size-5 motion-safe:animate-bounce" />
      </a>
    </section>
  );
}

/**
 * Desktop only: a glimpse of an assistant at work, drawn from the chat section's own example, and
 * labelled as one (never "Online": it is no live chat, whether or not the deployment has Lana).
 */
function HeroVisual() {
  const { t, locale } = useI18n();
  const [first, second] = t.chatBox.conversation;
  return (
    <div aria-hidden="true" className="relative hidden lg:block">
      <div className="rounded-3xl border border-line bg-panel/90 p-6 pb-16 shadow-2xl shadow-indigo-950/60">
        <div className="flex items-center gap-3 border-b border-line pb-4">
          <span className="grid size-10 place-items-center rounded-full bg-gradient-to-br from-indigo-500 to-cyan-400 font-bold text-white">
            {t.chatBox.assistantName.slice(0, 1)}
          </span>
          <div>
            <p className="font-semibold">{t.chatBox.assistantName}</p>
            <p className="flex items-center gap-1.5 text-xs text-slate-300">
              <span className="size-2 rounded-full bg-slate-400" />
              {t.chatBox.example}
            </p>
          </div>
        </div>
        <div className="space-y-3 pt-5 text-sm">
          {/* Full-width bubbles, narrower for the visitor and lighter for Lana than in the chat itself. */}
          <ChatBubble from="visitor" className="w-auto max-w-[80%]">
            {first?.text}
          </ChatBubble>
          <ChatBubble from="assistant" className="w-auto to-cyan-600">
            {second?.text}
          </ChatBubble>
        </div>
      </div>
      <div className="absolute -bottom-8 -left-6 flex items-center gap-3 rounded-2xl border border-line bg-ink/95 px-5 py-4 shadow-xl">
        <Icon name="calendar-blank" className="size-6 text-cyan-300" />
        <div>
          <p className="text-2xl font-extrabold">{formatFigure(STATS.conversions, locale)}</p>
          <p className="text-xs text-slate-400">{t.stats.labels.conversions}</p>
        </div>
      </div>
    </div>
  );
}
