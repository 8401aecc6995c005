// The one inline script of each public page (docs/decisions/020-page-speed.md, 039-islands.md). It
// starts the page's small entry once the page has been drawn, not before: on the first contentful
// paint, the visitor's first press or key, or after LOADER_FALLBACK_MS at the latest (a tab opened in
// the background paints only when shown); browsers without paint timing start it at once. The entry
// wakes each island the visitor reaches for: the loader tells it when a pointer comes over one, or one
// takes focus, a key or a press. Once the browser is idle after that, the islands' code (React among
// it) is fetched ahead into the cache by a small worker (the network's work and the worker's, none of
// the page's thread), so a first press never waits to download it; not on a connection that saves
// data or is as slow as 2G (the loader's verdict on the connection is left on the window for the page's other scripts to follow). Only once
// the visitor shows they are there (a pointer moved, a touch, a wheel, a scroll, a key, focus) is the
// code asked for as module preloads, which the browser compiles, as many as each idle period has room
// for (asking for one costs the page a few milliseconds); the entry is then told, to make ready what a
// first press needs most (islands/wake.ts). A page nobody touches runs nothing but this and its entry
// (docs/decisions/040-ahead-once-the-visitor-is-there.md). Until an island has hydrated, a press on a button in
// it, or a plain press on a language link (whose choice the page's script remembers), is held and made
// again once it has (client/pending-press.ts): not lost, nor followed without the choice kept. A page
// left before its scripts have recorded the visit (a visitor from an ad following a link at once) has
// its address and referrer kept in the tab, for the next page to record as where the visit began
// (visit.ts), unless the visitor refuses tracking. The text is fixed but for the file lists, and the
// server allows it by its hash (http/security-headers.ts).
import { createHash } from 'node:crypto';
import { AHEAD_FETCHED, AWAKE_ATTRIBUTE, ISLAND_ATTRIBUTE, LEAN_CONNECTION, WAKE_ISLAND } from '../src/client/island-names.ts';
import { PENDING_PRESS } from '../src/client/pending-press.ts';
import { FIRST_TOUCH, TRACKING_REFUSED_SCRIPT, UNRECORDED_LANDING, VISIT_RECORDED } from '../src/client/visit.ts';

/** The latest a page's scripts start when no paint is reported. */
export const LOADER_FALLBACK_MS = 3000;

/** The latest the islands' code is fetched ahead once the entry has run, should the browser never be idle. */
export const IDLE_PRELOAD_TIMEOUT_MS = 4000;

/**
 * The most an idle period spends asking for files ahead (each costs a few milliseconds): a phone is
 * four times slower or more, and a task of 50 ms there blocks a press.
 */
export const IDLE_SLICE_MS = 5;

/**
 * The worker that fetches the islands' code ahead, before the visitor is there: asking for a file
 * from the page's own thread costs that thread 0.1 ms to 30 ms each time (a request's start, seen in
 * traces; 33 files, and a phone is 4 times slower), a worker's start under half a millisecond. Each
 * file is read to its end into the HTTP cache, where a module preload later finds it: a same-origin
 * `fetch` is the same request as a module asked for with `crossorigin`. It answers once all are in.
 */
export const FETCHER_SOURCE =
  "onmessage=function(e){Promise.all(e.data.map(function(u){return fetch(u,{priority:'low'}).then(function(r){return r.arrayBuffer();}).catch(function(){});})).then(function(){postMessage(0);});};\n";

/** The worker's file among the assets: named by its content, as the bundler names the others. */
export function fetcherFile(): string {
  return `fetch-ahead-${createHash('sha256').update(FETCHER_SOURCE).digest('base64url').slice(0, 8)}.js`;
}

const LOADER_START = '(function(files,idle,fetcher){';
const LOADER_END = '})(';

const loaderBody = `var started=null,held=new Map(),present=false,whenPresent=null,c=navigator.connection,lean=!!c&&(!!c.saveData||/2g/.test(c.effectiveType||''));
window.${LEAN_CONNECTION}=lean;
function hint(rel,href){var link=document.createElement('link');link.rel=rel;link.crossOrigin='';link.href=href;document.head.appendChild(link);}
function preload(href){hint('modulepreload',href);}
function atIdle(go){if(window.requestIdleCallback)requestIdleCallback(go,{timeout:${IDLE_PRELOAD_TIMEOUT_MS}});else setTimeout(go,${IDLE_PRELOAD_TIMEOUT_MS});}
function inTurn(rel,stop,done){var next=0,go=function(deadline){
if(stop&&stop())return;
var t=performance.now();
do hint(rel,idle[next++]);while(next<idle.length&&!(deadline&&(deadline.timeRemaining()<=0||performance.now()-t>=${IDLE_SLICE_MS})));
if(next<idle.length){requestIdleCallback(go);return;}
if(done)done();
};return go;}
function presence(){if(present)return;present=true;start();if(whenPresent)whenPresent();}
function prefetch(){return inTurn('prefetch',function(){return present;});}
function fetchAhead(){if(!fetcher||!window.Worker)return false;
try{var w=new Worker(fetcher);w.onmessage=function(){w.terminate();};w.onerror=function(){w.terminate();if(!present)atIdle(prefetch());};w.postMessage(idle);return true;}catch(e){return false;}}
function ahead(){
if(lean||!idle.length)return;
whenPresent=function(){whenPresent=null;atIdle(inTurn('modulepreload',null,function(){var f=window.${AHEAD_FETCHED};if(f)f();}));};
if(present)whenPresent();else atIdle(function(deadline){if(!present&&!fetchAhead())prefetch()(deadline);});
}
function start(){
if(started)return started;
for(var i=1;i<files.length;i++)preload(files[i]);
started=import(files[0]);
started.then(ahead,function(){});
return started;
}
function islandOf(target){return target&&target.closest?target.closest('[${ISLAND_ATTRIBUTE}]:not([${AWAKE_ATTRIBUTE}])'):null;}
function wake(island){start().then(function(){var w=window.${WAKE_ISLAND};if(w)w(island);},function(){});}
function reach(event){presence();var island=islandOf(event.target);if(island)wake(island);}
function press(event){
var island=islandOf(event.target),button=island?event.target.closest('button,a[hreflang]'):null;
if(!button||button.disabled)return;
if(button.href&&(event.button||event.metaKey||event.ctrlKey||event.shiftKey||event.altKey))return;
event.preventDefault();event.stopPropagation();
held.set(island,button);wake(island);
}
addEventListener('click',press,true);
['pointerover','pointerdown','focusin','keydown'].forEach(function(type){addEventListener(type,reach,{capture:true,passive:true});});
['pointermove','touchstart','wheel','scroll'].forEach(function(type){addEventListener(type,presence,{capture:true,passive:true});});
window.${PENDING_PRESS}=function(island){var button=held.get(island)||null;held.delete(island);return button;};
addEventListener('pagehide',function(){
if(window.${VISIT_RECORDED}||${TRACKING_REFUSED_SCRIPT})return;
try{var s=sessionStorage;if(!s.getItem('${FIRST_TOUCH}')&&!s.getItem('${UNRECORDED_LANDING}'))s.setItem('${UNRECORDED_LANDING}',JSON.stringify({path:location.pathname,search:location.search,referrer:document.referrer}));}catch(e){}
});
var P=window.PerformanceObserver;
if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0){start();return;}
new P(function(list){if(list.getEntriesByName('first-contentful-paint').length)setTimeout(start);}).observe({type:'paint',buffered:true});
setTimeout(start,${LOADER_FALLBACK_MS});
`;

/**
 * The loader's script element: `files` are the entry first, then what it imports at once; `idle` what
 * is fetched ahead once the browser is idle after it has run (the islands' code), by the worker at
 * `fetcher` (FETCHER_SOURCE), or as prefetch links where there is none, or the browser cannot start
 * it or load its file.
 */
export function pageLoader(files: readonly string[], idle: readonly string[] = [], fetcher?: string): string {
  if (files.length === 0) throw new Error('page loader: no script to load');
  const args = [files, idle, idle.length > 0 && fetcher ? fetcher : null].map((a) => JSON.stringify(a)).join(',');
  return `<script>${LOADER_START}${loaderBody}${LOADER_END}${args});</script>`;
}

/** The text of a page's loader (what the CSP's hash is of); undefined when the page has none. */
export function loaderScriptOf(html: string): string | undefined {
  const start = html.indexOf(`<script>${LOADER_START}`);
  if (start < 0) return undefined;
  return html.slice(start + '<script>'.length, html.indexOf('</script>', start));
}

/** The files a page's loader names: what it starts (entry first), what it fetches ahead when idle, and the worker that does. */
function listsOf(html: string): { files: string[]; idle: string[]; fetcher: string | null } {
  const lists = /\}\)\((\[[^\]]*\]),(\[[^\]]*\]),(null|"[^"]*")\);$/.exec(loaderScriptOf(html) ?? '');
  if (!lists) return { files: [], idle: [], fetcher: null };
  return { files: JSON.parse(lists[1]!) as string[], idle: JSON.parse(lists[2]!) as string[], fetcher: JSON.parse(lists[3]!) as string | null };
}

/** The files a page's loader starts, entry first; none when the page has no loader. */
export const filesLoadedBy = (html: string): string[] => listsOf(html).files;

/** The files a page's loader fetches ahead once the browser is idle, before any island wakes: the worker that fetches them first. */
export function filesPreloadedBy(html: string): string[] {
  const { idle, fetcher } = listsOf(html);
  return fetcher ? [fetcher, ...idle] : idle;
}
