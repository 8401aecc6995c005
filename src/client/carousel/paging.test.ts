import { describe, expect, it } from 'vitest';
import {
  cardsPerView,
  currentPage,
  hasArrows,
  initialState,
  pageCount,
  pageShowing,
  swipeStep,
  toggleService,
  turnPage,
  visibleCards,
  visibleRange,
  widthShowingAll,
  type CarouselState,
  type Layout,
} from './paging.ts';

type Id = 'a' | 'b' | 'c' | 'd';
const layout = (perView: number): Layout => ({ total: 4, perView });
const at = (anchor: number, open: Id | null = null): CarouselState<Id> => ({ anchor, open, shown: open });

/** The cards in view after turning `steps` pages from the first, one step at a time. */
function cardsAfter(steps: number, step: 1 | -1, perView: number): number[] {
  let state = initialState<Id>();
  for (let i = 0; i < steps; i++) state = turnPage(state, step, layout(perView));
  return visibleCards(currentPage(state, layout(perView)), layout(perView));
}

describe('cards per view', () => {
  it.each([
    [360, 1],
    [767, 1],
    [768, 2],
    [1023, 2],
    [1024, 3],
    [1279, 3],
    [1280, 4],
    [1920, 4],
  ])('at %i px shows %i', (width, cards) => {
    expect(cardsPerView(width)).toBe(cards);
  });

  it('shows one card on the narrowest screens', () => {
    expect(cardsPerView(0)).toBe(1);
  });
});

describe('arrows', () => {
  it('appear only when there are more services than fit', () => {
    expect([1, 2, 3, 4].map((perView) => hasArrows(layout(perView)))).toEqual([true, true, true, false]);
    expect(hasArrows({ total: 2, perView: 3 })).toBe(false);
    expect(hasArrows({ total: 5, perView: 4 })).toBe(true);
  });

  it('can be hidden by CSS from the width at which every card fits', () => {
    expect(widthShowingAll(4)).toBe(1280);
    expect(widthShowingAll(3)).toBe(1024);
    expect(widthShowingAll(2)).toBe(768);
    expect(widthShowingAll(1)).toBe(0);
    expect(widthShowingAll(5)).toBeNull();
  });
});

describe('pages', () => {
  it('fill the view: the last page is pulled back instead of showing a lone card', () => {
    expect([1, 2, 3, 4].map((perView) => pageCount(layout(perView)))).toEqual([4, 2, 2, 1]);
    expect(visibleCards(0, layout(3))).toEqual([0, 1, 2]);
    expect(visibleCards(1, layout(3))).toEqual([1, 2, 3]);
    expect(visibleCards(1, layout(2))).toEqual([2, 3]);
    expect(visibleCards(2, layout(1))).toEqual([2]);
    expect(visibleCards(0, layout(4))).toEqual([0, 1, 2, 3]);
  });

  it('show every card when fewer than fit', () => {
    expect(visibleCards(0, { total: 2, perView: 4 })).toEqual([0, 1]);
    expect(pageCount({ total: 2, perView: 4 })).toBe(1);
  });

  it('number the cards in view for the announcement', () => {
    expect(visibleRange(1, layout(2))).toEqual({ from: 3, to: 4 });
    expect(visibleRange(1, layout(1))).toEqual({ from: 2, to: 2 });
  });

  it('are found again from their first card, so paging never sticks', () => {
    for (const perView of [1, 2, 3, 4]) {
      const pages = Array.from({ length: pageCount(layout(perView)) }, (_, page) => page);
      expect(pages.map((page) => pageShowing(visibleCards(page, layout(perView))[0] ?? -1, layout(perView)))).toEqual(pages);
    }
  });

  it('keep the card the visitor was looking at in view when the width changes', () => {
    // Paged to cards 2–4 on three columns, then the window narrows.
    const anchor = visibleCards(1, layout(3))[0] ?? -1;
    expect(visibleCards(pageShowing(anchor, layout(2)), layout(2))).toContain(anchor);
    expect(visibleCards(pageShowing(anchor, layout(1)), layout(1))).toEqual([anchor]);
    expect(pageShowing(3, layout(4))).toBe(0);
  });
});

describe('paging', () => {
  it('moves forward and wraps from the last page to the first', () => {
    expect(cardsAfter(1, 1, 1)).toEqual([1]);
    expect(cardsAfter(3, 1, 1)).toEqual([3]);
    expect(cardsAfter(4, 1, 1)).toEqual([0]);
    expect(cardsAfter(1, 1, 2)).toEqual([2, 3]);
    expect(cardsAfter(2, 1, 2)).toEqual([0, 1]);
    expect(cardsAfter(1, 1, 3)).toEqual([1, 2, 3]);
    expect(cardsAfter(2, 1, 3)).toEqual([0, 1, 2]);
  });

  it('moves back and wraps from the first page to the last', () => {
    expect(cardsAfter(1, -1, 1)).toEqual([3]);
    expect(cardsAfter(2, -1, 1)).toEqual([2]);
    expect(cardsAfter(1, -1, 2)).toEqual([2, 3]);
    expect(cardsAfter(1, -1, 3)).toEqual([1, 2, 3]);
  });

  it('does nothing when every card fits', () => {
    const state = at(0, 'b');
    expect(turnPage(state, 1, layout(4))).toBe(state);
    expect(turnPage(state, -1, layout(4))).toBe(state);
  });

  it('collapses the open service on a one-column layout', () => {
    expect(turnPage(at(0, 'a'), 1, layout(1)).open).toBeNull();
    expect(turnPage(at(0, 'a'), -1, layout(1)).open).toBeNull();
  });

  it('keeps the open service on wider layouts', () => {
    expect(turnPage(at(0, 'b'), 1, layout(2)).open).toBe('b');
    expect(turnPage(at(0, 'b'), 1, layout(3)).open).toBe('b');
  });
});

describe('open service', () => {
  it('is none at first', () => {
    expect(initialState<Id>().open).toBeNull();
  });

  it('opens on click, and clicking the open one closes it', () => {
    const opened = toggleService(initialState<Id>(), 'b');
    expect(opened.open).toBe('b');
    expect(toggleService(opened, 'b').open).toBeNull();
  });

  it('is one at most: opening another closes the first', () => {
    const state = toggleService(toggleService(initialState<Id>(), 'a'), 'c');
    expect(state.open).toBe('c');
  });

  it('keeps its details on screen while they fold away', () => {
    const closed = toggleService(toggleService(initialState<Id>(), 'a'), 'a');
    expect(closed).toMatchObject({ open: null, shown: 'a' });
    expect(toggleService(closed, 'd')).toMatchObject({ open: 'd', shown: 'd' });
    expect(turnPage(at(0, 'a'), 1, layout(1))).toMatchObject({ open: null, shown: 'a' });
  });
});

describe('swipe', () => {
  it('to the left shows the next page, to the right the previous one', () => {
    expect(swipeStep(-60, 5)).toBe(1);
    expect(swipeStep(60, -5)).toBe(-1);
  });

  it('needs more than 40 px of horizontal travel', () => {
    expect(swipeStep(-40, 0)).toBe(0);
    expect(swipeStep(-41, 0)).toBe(1);
    expect(swipeStep(10, 0)).toBe(0);
  });

  it('is a scroll, not a swipe, when the finger moved mostly up or down', () => {
    expect(swipeStep(-60, 80)).toBe(0);
    expect(swipeStep(60, -61)).toBe(0);
  });
});
