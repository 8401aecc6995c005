// The one inline script of each public page (docs/decisions/020-page-speed.md, 039-islands.md). It
// starts the page's small entry once the page has been drawn, not before: on the first contentful
// paint, the visitor's first press or key, or after LOADER_FALLBACK_MS at the latest (a tab opened in
// the background paints only when shown); browsers without paint timing start it at once. The entry
// wakes each island the visitor reaches for: the loader tells it when a pointer comes over one, or one
// takes focus, a key or a press. Once the browser is idle after that, the islands' code (React among
// it) is fetched ahead as module preloads, as many as each idle period has room for (asking for one
// costs the page a few milliseconds), so a first press pays to run it, not to download it; not on
// a connection that saves data or is as slow as 2G. The entry is then told, to make ready what a first
// press needs most (islands/wake.ts). Until an island has hydrated, a press on a button in
// it, or a plain press on a language link (whose choice the page's script remembers), is held and made
// again once it has (client/pending-press.ts): not lost, nor followed without the choice kept. A page
// left before its scripts have recorded the visit (a visitor from an ad following a link at once) has
// its address and referrer kept in the tab, for the next page to record as where the visit began
// (visit.ts), unless the visitor refuses tracking. The text is fixed but for the file lists, and the
// server allows it by its hash (http/security-headers.ts).
import { AHEAD_FETCHED, AWAKE_ATTRIBUTE, ISLAND_ATTRIBUTE, WAKE_ISLAND } from '../src/client/islands/islands.ts';
import { PENDING_PRESS } from '../src/client/pending-press.ts';
import { FIRST_TOUCH, TRACKING_REFUSED_SCRIPT, UNRECORDED_LANDING, VISIT_RECORDED } from '../src/client/visit.ts';

/** The latest a page's scripts start when no paint is reported. */
export const LOADER_FALLBACK_MS = 3000;

/** The latest the islands' code is fetched ahead once the entry has run, should the browser never be idle. */
export const IDLE_PRELOAD_TIMEOUT_MS = 4000;

const LOADER_START = '(function(files,idle){';
const LOADER_END = '})(';

const loaderBody = `var started=null,held=new Map();
function preload(href){var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.appendChild(link);}
function ahead(){
var c=navigator.connection;
if(c&&(c.saveData||/2g/.test(c.effectiveType||'')))return;
var next=0,go=function(deadline){
do preload(idle[next++]);while(next<idle.length&&!(deadline&&deadline.timeRemaining()<=0));
if(next<idle.length){requestIdleCallback(go);return;}
var f=window.${AHEAD_FETCHED};if(f)f();
};
if(!idle.length)return;
if(window.requestIdleCallback)requestIdleCallback(go,{timeout:${IDLE_PRELOAD_TIMEOUT_MS}});else setTimeout(go,${IDLE_PRELOAD_TIMEOUT_MS});
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
function reach(event){start();var island=islandOf(event.target);if(island)wake(island);}
function press(event){
var island=islandOf(event.target),button=island?event.target.closest('button,a[hreflang]'):null;
if(!button||button.disabled)return;
if(button.href&&(event.button||event.metaKey||event.ctrlKey||event.shiftKey||event.altKey))return;
event.preventDefault();event.stopPropagation();
held.set(island,button);wake(island);
}
addEventListener('click',press,true);
['pointerover','pointerdown','focusin','keydown'].forEach(function(type){addEventListener(type,reach,{capture:true,passive:true});});
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
 * is fetched ahead once the browser is idle after it has run (the islands' code).
 */
export function pageLoader(files: readonly string[], idle: readonly string[] = []): string {
  if (files.length === 0) throw new Error('page loader: no script to load');
  return `<script>${LOADER_START}${loaderBody}${LOADER_END}${JSON.stringify(files)},${JSON.stringify(idle)});</script>`;
}

/** The text of a page's loader (what the CSP's hash is of); undefined when the page has none. */
export function loaderScriptOf(html: string): string | undefined {
  const start = html.indexOf(`<script>${LOADER_START}`);
  if (start < 0) return undefined;
  return html.slice(start + '<script>'.length, html.indexOf('</script>', start));
}

/** The files a page's loader names: what it starts (entry first), and what it fetches ahead when idle. */
function listsOf(html: string): { files: string[]; idle: string[] } {
  const lists = /\}\)\((\[[^\]]*\]),(\[[^\]]*\])\);$/.exec(loaderScriptOf(html) ?? '');
  return lists ? { files: JSON.parse(lists[1]!) as string[], idle: JSON.parse(lists[2]!) as string[] } : { files: [], idle: [] };
}

/** The files a page's loader starts, entry first; none when the page has no loader. */
export const filesLoadedBy = (html: string): string[] => listsOf(html).files;

/** The files a page's loader fetches ahead once the browser is idle, before any island wakes. */
export const filesPreloadedBy = (html: string): string[] => listsOf(html).idle;
