// The home page's language, switched in place: no reload, the scroll position kept, the URL, <html lang>
// and the head updated, the choice remembered; back and forward follow the URL. The parts no script has
// touched (the static sections, the islands still asleep) take the other language's page as its own
// prerender drew them; the islands awake render again with its texts (../page-i18n.tsx). The press's own
// frame draws what is on screen and above it; the parts below are drawn when the browser is idle
// (docs/decisions/042-language-switch-screen-first.md).
import { flushSync } from 'react-dom';
import { localeOfPath, pathOf, type Dictionary } from '../../content/i18n/format.ts';
import { loadDictionary, loadStaticTexts } from '../../content/i18n/loaders.ts';
import type { Locale } from '../../shared/locale.ts';
import { pageFileOf } from '../../shared/site-pages.ts';
import { rememberLanguage } from '../remember-language.ts';
import { whenIdle } from '../when-idle.ts';
import { AWAKE_ATTRIBUTE, ISLAND_ATTRIBUTE, ISLANDS_REDRAWN_EVENT, LEAN_CONNECTION } from '../island-names.ts';
import { pageI18n, setPageI18n } from '../page-i18n.tsx';

/** The parts of the page the browser keeps as drawn: the static sections, and each island not yet awake. */
/** Every part of the page: the static sections and the islands, asleep or awake. */
const PARTS = `[data-part], [${ISLAND_ATTRIBUTE}]`;
const KEPT = `[data-part], [${ISLAND_ATTRIBUTE}]:not([${AWAKE_ATTRIBUTE}])`;
const keyOf = (element: Element) => element.getAttribute('data-part') ?? `island:${element.getAttribute(ISLAND_ATTRIBUTE)}`;

/**
 * What the prerender wrote outside the page's parts, for another language: <html lang> and the whole
 * head. Its module carries the business profile the structured data needs, and the FAQ's search data
 * needs the questions of that language's static sections, so all load only at a switch.
 */
async function loadHeadWriter(locale: Locale): Promise<(t: Dictionary) => void> {
  const [{ applyHead, headOf }, { siteConfig }, { faq }] = await Promise.all([
    import('../head.ts'),
    import('../../content/profile.ts'),
    loadStaticTexts(locale),
  ]);
  return (t) => {
    document.documentElement.lang = locale;
    applyHead(document, headOf({ locale, t: { ...t, faq }, site: siteConfig }));
  };
}

/**
 * The other language's page, as its own prerender drew it. Asked for by the page's file name, which the
 * server answers in that language whatever the visitor's cookie or country (`/` might send a visitor
 * decided Bulgarian to `/bg/`).
 */
async function loadPage(locale: Locale): Promise<Document> {
  const file = `/${pageFileOf('home', locale)}`;
  const response = await fetch(file, { redirect: 'error' });
  if (!response.ok) throw new Error(`${response.status} for ${file}`);
  return new DOMParser().parseFromString(await response.text(), 'text/html');
}

/** Each kept part in `page`, by its key; throws if the page lacks one this page keeps. */
function keptParts(page: Document): Map<string, Element> {
  const parts = new Map<string, Element>();
  for (const element of page.querySelectorAll(PARTS)) parts.set(keyOf(element), element);
  for (const element of document.querySelectorAll(KEPT)) {
    if (!parts.has(keyOf(element))) throw new Error(`no ${keyOf(element)} in the other page`);
  }
  return parts;
}

/** What a switch to a language needs: its texts, its head, its page. */
const inputsOf = (locale: Locale) => Promise.all([loadDictionary(locale), loadHeadWriter(locale), loadPage(locale)]);

/** Asked for when the visitor reached for a language's link, before the press; each used by one switch. */
const ahead = new Map<Locale, ReturnType<typeof inputsOf>>();

/** How long a page asked for ahead is kept for a press that has not come. */
const KEPT_AHEAD_MS = 60_000;

/** A connection that saves data or is as slow as 2G, by the page's loader's verdict: nothing is fetched on a guess. */
const savesData = (): boolean => (window as unknown as Record<string, unknown>)[LEAN_CONNECTION] === true;

/**
 * Asks ahead for what a switch to `locale` needs, once a pointer comes over its link or the link takes
 * focus (`pressing`: a finger or button is down on it): the other page's fetch and parse, its texts and
 * its head's code are then done, or under way, by the time the press lands. Only on a press where the
 * connection saves data. Should any fail (offline), the switch asks again; unused, it is let go.
 */
export function prepareSwitch(locale: Locale, pressing = false) {
  if (locale === pageI18n().locale || ahead.has(locale) || (!pressing && savesData())) return;
  const inputs = inputsOf(locale);
  ahead.set(locale, inputs);
  const forget = () => {
    if (ahead.get(locale) === inputs) ahead.delete(locale);
  };
  inputs.catch(forget);
  setTimeout(forget, KEPT_AHEAD_MS);
}

/**
 * The page's parts wholly below the screen, by their heights: read before anything changes, while the
 * page's layout is current. The press's own frame switches what the visitor sees (and what is above it,
 * so the scroll position holds); these are restyled and laid out once the browser is idle.
 */
function partsBelowScreen(): Map<Element, number[]> {
  const bottom = window.innerHeight;
  const below = new Map<Element, number[]>();
  for (const part of document.querySelectorAll(PARTS)) {
    const rects = [...part.children].map((element) => element.getBoundingClientRect());
    if (rects.length > 0 && rects.every((rect) => rect.top >= bottom)) below.set(part, rects.map((rect) => rect.height));
  }
  return below;
}

/**
 * Leaves the parts below the screen, as they now are, unrendered at their former heights
 * (`content-visibility: hidden`: `auto` would decide only at the next frame, after the layout the
 * switch forces), then gives each its rendering back, nearest first, one per idle period: skipped
 * content is missing from Chromium's accessibility tree (docs/decisions/020-page-speed.md).
 */
function renderBelowLater(below: Map<Element, number[]>) {
  const deferred: HTMLElement[] = [];
  for (const [part, heights] of below) {
    [...part.children].forEach((element, i) => {
      if (!(element instanceof HTMLElement)) return;
      element.style.containIntrinsicSize = `auto ${heights[i] ?? heights.at(-1) ?? 0}px`;
      element.style.contentVisibility = 'hidden';
      deferred.push(element);
    });
  }
  const next = () => {
    const element = deferred.shift();
    if (!element) return;
    element.style.removeProperty('content-visibility');
    element.style.removeProperty('contain-intrinsic-size');
    inTurn();
  };
  const inTurn = () => whenIdle(next, { timeout: 200, fallback: 16 });
  inTurn();
}

async function show(locale: Locale, push: boolean) {
  if (locale === pageI18n().locale) return;
  // Its nodes are moved into this page: a page parsed ahead serves one switch.
  const inputs = ahead.get(locale) ?? inputsOf(locale);
  ahead.delete(locale);
  let t, writeHead, parts;
  try {
    let page;
    [t, writeHead, page] = await inputs;
    parts = keptParts(page);
  } catch {
    // Offline, or a new deploy replaced a chunk: the other page is still one plain load away.
    window.location.assign(pathOf(locale));
    return;
  }
  const y = window.scrollY;
  const below = partsBelowScreen();
  // The language and the head first: <html lang> changed after the page's layout would have the
  // browser restyle and lay out the whole page a second time (about 150 ms on a phone).
  writeHead(t);
  // Read before the texts change: an island that wakes meanwhile hydrates the other language's markup.
  const kept = [...document.querySelectorAll(KEPT)];
  // The other page's nodes themselves, moved in: its markup written out and parsed again cost as much
  // as the rest of the switch.
  for (const element of kept) {
    const other = parts.get(keyOf(element));
    if (other && element.isConnected) element.replaceChildren(...other.childNodes);
  }
  renderBelowLater(below);
  document.dispatchEvent(new Event(ISLANDS_REDRAWN_EVENT));
  flushSync(() => setPageI18n({ locale, t }));
  window.scrollTo({ top: y, behavior: 'instant' });
  if (push) window.history.pushState(null, '', pathOf(locale) + window.location.hash);
}

let following = false;

/** Switches the page to `locale` in place, and remembers the choice. */
export function switchLanguage(locale: Locale) {
  rememberLanguage(locale);
  if (!following) {
    following = true;
    window.addEventListener('popstate', () => void show(localeOfPath(window.location.pathname), false));
  }
  void show(locale, true);
}
