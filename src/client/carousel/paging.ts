// The carousel's rules, apart from React and the DOM (docs/product.md, "The public site").
// A page is a run of cards that fill the view; the last page is pulled back so it is always full
// (four cards three at a time: 1–3, then 2–4), because a lone card beside empty space looks broken.

/** Widest first: the number of cards shown side by side from each viewport width up. */
export const BREAKPOINTS = [
  { minWidth: 1280, cards: 4 },
  { minWidth: 1024, cards: 3 },
  { minWidth: 768, cards: 2 },
] as const;

export function cardsPerView(width: number): number {
  return BREAKPOINTS.find((b) => width >= b.minWidth)?.cards ?? 1;
}

/** How many cards there are and how many fit at once. */
export interface Layout {
  total: number;
  perView: number;
}

export function pageCount({ total, perView }: Layout): number {
  return Math.max(1, Math.ceil(total / perView));
}

/** Arrows, swipes and arrow keys page only when some cards do not fit. */
export function hasArrows({ total, perView }: Layout): boolean {
  return total > perView;
}

/**
 * The narrowest breakpoint at which every card fits, so the arrows can be hidden by CSS before the
 * page knows its width: 0 when they always fit, null when they never do.
 */
export function widthShowingAll(total: number): number | null {
  if (total <= 1) return 0;
  const fitting = BREAKPOINTS.filter((b) => b.cards >= total);
  return fitting.at(-1)?.minWidth ?? null;
}

export function firstCardOf(page: number, { total, perView }: Layout): number {
  return Math.max(0, Math.min(page * perView, total - perView));
}

/** Indices of the cards in view on a page. */
export function visibleCards(page: number, layout: Layout): number[] {
  const first = firstCardOf(page, layout);
  const count = Math.min(layout.perView, layout.total);
  return Array.from({ length: count }, (_, i) => first + i);
}

/**
 * The last page that starts at or before a card, which is the page that starts with it when one does
 * and otherwise one that shows it: paging round-trips, and a resize keeps that card in view.
 */
export function pageShowing(card: number, layout: Layout): number {
  let page = 0;
  while (page + 1 < pageCount(layout) && firstCardOf(page + 1, layout) <= card) page++;
  return page;
}

/** 1-based numbers of the first and last card in view, for the announcement of a page. */
export function visibleRange(page: number, layout: Layout): { from: number; to: number } {
  const cards = visibleCards(page, layout);
  return { from: (cards[0] ?? 0) + 1, to: (cards.at(-1) ?? 0) + 1 };
}

export type Step = 1 | -1;

/**
 * What the carousel remembers. `anchor` is the first card in view (not a page number, which means
 * something else at every width); `open` is the expanded service, if any; `shown` is the one whose
 * details are on screen, which outlives `open` while the details fold away.
 */
export interface CarouselState<Id extends string> {
  anchor: number;
  open: Id | null;
  shown: Id | null;
}

export function initialState<Id extends string>(): CarouselState<Id> {
  return { anchor: 0, open: null, shown: null };
}

export function currentPage(state: CarouselState<string>, layout: Layout): number {
  return pageShowing(state.anchor, layout);
}

/** Next or previous page, wrapping both ways; on one column the open service folds away with it. */
export function turnPage<Id extends string>(
  state: CarouselState<Id>,
  step: Step,
  layout: Layout,
): CarouselState<Id> {
  if (!hasArrows(layout)) return state;
  const pages = pageCount(layout);
  const page = (currentPage(state, layout) + step + pages) % pages;
  const open = layout.perView === 1 ? null : state.open;
  return { ...state, anchor: firstCardOf(page, layout), open };
}

/** Opening a service closes any other; clicking the open one closes it. */
export function toggleService<Id extends string>(state: CarouselState<Id>, id: Id): CarouselState<Id> {
  const open = state.open === id ? null : id;
  return { ...state, open, shown: open ?? state.shown };
}

/** Horizontal travel that counts as a swipe: far enough that a tap or a shaky scroll is not one. */
export const SWIPE_DISTANCE = 40;

/** A swipe to the left shows the next page; one that is mostly vertical is a scroll, not a swipe. */
export function swipeStep(dx: number, dy: number): Step | 0 {
  if (Math.abs(dx) <= SWIPE_DISTANCE || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
