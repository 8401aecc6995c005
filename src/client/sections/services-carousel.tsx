import { useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { ServiceId } from '../../content/i18n/services.en.ts';
import { format } from '../../content/i18n/format.ts';
import { PageArrow, PageDots } from '../carousel/carousel-controls.tsx';
import {
  currentPage,
  firstCardOf,
  hasArrows,
  initialState,
  pageCount,
  toggleService,
  turnPage,
  visibleCards,
  visibleRange,
  widthShowingAll,
  type Step,
} from '../carousel/paging.ts';
import { useCardsPerView } from '../carousel/use-cards-per-view.ts';
import { useSwipe } from '../carousel/use-swipe.ts';
import { Section } from '../../ui/section.tsx';
import { useI18n } from '../use-i18n.ts';
import { ServiceCard, serviceDomIds } from './service-card.tsx';
import { ServiceDetails } from './service-details.tsx';

const SLIDES_ID = 'services-slides';

// Until the page knows its width, the stylesheet lays the cards out at the breakpoints of paging.ts
// (BREAKPOINTS) and hides the arrows where every card fits, so nothing moves when the script takes over.
const SLIDE_WIDTHS = 'basis-full min-[768px]:basis-1/2 min-[1024px]:basis-1/3 min-[1280px]:basis-1/4';
const ARROWS_HIDDEN_FROM: Record<number, string> = {
  768: 'min-[768px]:hidden',
  1024: 'min-[1024px]:hidden',
  1280: 'min-[1280px]:hidden',
};

/** The services carousel (docs/product.md, "The public site"; the WAI-ARIA carousel pattern). */
export function ServicesCarousel() {
  const { t } = useI18n();
  const { cards } = t.services;
  const perView = useCardsPerView();
  const layout = perView === null ? null : { total: cards.length, perView };
  const [state, setState] = useState(initialState<ServiceId>);
  const [announcement, setAnnouncement] = useState('');

  const page = layout ? currentPage(state, layout) : 0;
  const inView = layout ? visibleCards(page, layout) : null;
  const showAllFrom = widthShowingAll(cards.length);
  const arrows = layout ? hasArrows(layout) : showAllFrom !== 0;

  function turn(step: Step) {
    if (!layout || !hasArrows(layout)) return;
    const next = turnPage(state, step, layout);
    const nextPage = currentPage(next, layout);
    const nextInView = visibleCards(nextPage, layout);
    const { from, to } = visibleRange(nextPage, layout);
    const focused = cards.findIndex((c) => document.getElementById(serviceDomIds(c.id).card) === document.activeElement);
    // Committed at once, so a card coming into view is no longer inert when it is given focus below.
    flushSync(() => {
      setState(next);
      setAnnouncement(
        format(t.services.showing, {
          range: from === to ? from : format(t.services.range, { from, to }),
          total: cards.length,
          titles: nextInView.map((i) => cards[i]?.title).join(', '),
        }),
      );
    });
    // A focused card that has just left the view is inert now, and focus would fall back to the page.
    const first = cards[nextInView[0] ?? 0];
    if (focused !== -1 && !nextInView.includes(focused) && first) {
      document.getElementById(serviceDomIds(first.id).card)?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (!layout || !hasArrows(layout)) return;
    event.preventDefault();
    turn(event.key === 'ArrowRight' ? 1 : -1);
  }

  const swipe = useSwipe(turn);

  return (
    <Section id="services" title={t.services.title} subtitle={t.services.subtitle} className="relative isolate">
      <div
        aria-hidden="true"
        className="glow pointer-events-none absolute inset-x-0 top-[calc(100%/3-4rem)] -z-10 mx-auto h-[28rem] max-w-[72rem] bg-gradient-to-r from-indigo-600/15 via-sky-500/10 to-cyan-500/15"
      />
      <div
        role="region"
        aria-roledescription="carousel"
        aria-label={t.services.carouselLabel}
        data-cards-per-view={perView ?? undefined}
        onKeyDown={onKeyDown}
      >
        {/* Clipped, not scrolled: a clipping box cannot be scrolled sideways by focus or script. */}
        <div className="-mx-2 touch-pan-y overflow-x-clip" data-scrolls-without-script="" {...swipe}>
          <div
            id={SLIDES_ID}
            className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
            style={layout ? { transform: `translateX(-${(firstCardOf(page, layout) * 100) / layout.perView}%)` } : undefined}
          >
            {cards.map((card, i) => (
              <div
                key={card.id}
                role="group"
                aria-roledescription="slide"
                aria-label={format(t.services.slideOf, { number: i + 1, total: cards.length })}
                inert={inView ? !inView.includes(i) : undefined}
                className={`flex shrink-0 px-2 py-3 ${SLIDE_WIDTHS}`}
              >
                <ServiceCard
                  card={card}
                  index={i}
                  open={state.open === card.id}
                  onToggle={() => setState((s) => toggleService(s, card.id))}
                />
              </div>
            ))}
          </div>
        </div>

        {arrows && (
          <div
            data-needs-script=""
            className={`mt-6 flex items-center justify-between gap-4 ${
              layout || showAllFrom === null ? '' : (ARROWS_HIDDEN_FROM[showAllFrom] ?? '')
            }`}
          >
            {layout ? <PageDots pages={pageCount(layout)} current={page} /> : <span />}
            <div className="flex gap-3">
              <PageArrow direction="previous" label={t.services.previous} controls={SLIDES_ID} onClick={() => turn(-1)} />
              <PageArrow direction="next" label={t.services.next} controls={SLIDES_ID} onClick={() => turn(1)} />
            </div>
          </div>
        )}
        <p aria-live="polite" aria-atomic="true" className="sr-only">
          {announcement}
        </p>
      </div>

      {/* Rows from 0fr to 1fr: a height transition to the details' own height, whatever it is. */}
      <div
        className={`grid transition-[grid-template-rows,visibility] duration-500 ease-out motion-reduce:transition-none ${
          state.open ? 'visible grid-rows-[1fr]' : 'invisible grid-rows-[0fr]'
        }`}
      >
        <div className="min-h-0 overflow-hidden">
          {cards.map((card) => (
            <ServiceDetails key={card.id} card={card} shown={card.id === state.shown} />
          ))}
        </div>
      </div>
    </Section>
  );
}
