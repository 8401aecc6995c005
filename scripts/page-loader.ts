// The one inline script of each public page: it starts the page's scripts once the page has been drawn,
// not before (docs/decisions/020-page-speed.md). The page is whole without them; hydration waits for the
// first contentful paint, so the scripts neither compete with the first screen for the network and the
// main thread nor sit on its path. They start sooner on the visitor's first press or key, and after
// LOADER_FALLBACK_MS at the latest (a tab opened in the background paints only when shown). Browsers
// without paint timing start them at once. Until the page has hydrated, a press on a button, or a plain
// press on a language link (whose choice the page's script remembers), is held and made again once it
// has (pending-press.tsx): not lost, nor followed without the choice kept. A page left before its
// scripts have recorded the visit (a visitor from an ad following a link at once) has its address and
// referrer kept in the tab, for the next page to record as where the visit began (visit.ts), unless
// the visitor refuses tracking. The text is fixed but for the file list, and the server allows it by
// its hash (http/security-headers.ts).
import { PENDING_PRESS } from '../src/client/pending-press.tsx';
import { FIRST_TOUCH, TRACKING_REFUSED_SCRIPT, UNRECORDED_LANDING, VISIT_RECORDED } from '../src/client/visit.ts';

/** The latest a page's scripts start when no paint is reported. */
export const LOADER_FALLBACK_MS = 3000;

const LOADER_START = '(function(files){';
const LOADER_END = '})(';

const loaderBody = `var started=false,pressed=null;
function start(){
if(started)return;
started=true;
for(var i=1;i<files.length;i++){var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=files[i];document.head.appendChild(link);}
import(files[0]);
}
function press(event){
var target=event.target,button=target&&target.closest?target.closest('button,a[hreflang]'):null;
if(!button||button.disabled)return;
if(button.href&&(event.button||event.metaKey||event.ctrlKey||event.shiftKey||event.altKey))return;
event.preventDefault();event.stopPropagation();
pressed=button;start();
}
addEventListener('click',press,true);
window.${PENDING_PRESS}=function(){removeEventListener('click',press,true);var button=pressed;pressed=null;return button;};
addEventListener('pagehide',function(){
if(window.${VISIT_RECORDED}||${TRACKING_REFUSED_SCRIPT})return;
try{var s=sessionStorage;if(!s.getItem('${FIRST_TOUCH}')&&!s.getItem('${UNRECORDED_LANDING}'))s.setItem('${UNRECORDED_LANDING}',JSON.stringify({path:location.pathname,search:location.search,referrer:document.referrer}));}catch(e){}
});
var P=window.PerformanceObserver;
if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0){start();return;}
new P(function(list){if(list.getEntriesByName('first-contentful-paint').length)setTimeout(start);}).observe({type:'paint',buffered:true});
addEventListener('pointerdown',start,{capture:true,once:true});
addEventListener('keydown',start,{capture:true,once:true});
setTimeout(start,${LOADER_FALLBACK_MS});
`;

/** The loader's script element for these files: the entry first, then what it imports at once. */
export function pageLoader(files: readonly string[]): string {
  if (files.length === 0) throw new Error('page loader: no script to load');
  return `<script>${LOADER_START}${loaderBody}${LOADER_END}${JSON.stringify(files)});</script>`;
}

/** The text of a page's loader (what the CSP's hash is of); undefined when the page has none. */
export function loaderScriptOf(html: string): string | undefined {
  const start = html.indexOf(`<script>${LOADER_START}`);
  if (start < 0) return undefined;
  return html.slice(start + '<script>'.length, html.indexOf('</script>', start));
}

/** The files a page's loader starts, entry first; none when the page has no loader. */
export function filesLoadedBy(html: string): string[] {
  const list = /\}\)\((\[[^\]]*\])\);$/.exec(loaderScriptOf(html) ?? '')?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}
