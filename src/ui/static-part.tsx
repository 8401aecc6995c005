// Parts of the home page the server draws and the browser keeps as drawn (docs/decisions/020-page-speed.md).
import { createContext, useContext, type ComponentType } from 'react';

/** The home page's sections that never change once drawn (client/static-sections.tsx), by the id of each. */
export const STATIC_SECTION_NAMES = ['logos', 'results', 'comparison', 'process', 'industries', 'faq', 'custom'] as const;
export type StaticSectionName = (typeof STATIC_SECTION_NAMES)[number];
export type StaticSections = Record<StaticSectionName, ComponentType>;

/** The static sections' components: provided by the prerender only, so no page script carries them. */
export const StaticSectionsContext = createContext<StaticSections | null>(null);

/** The markup of each static section in the language shown, once a switch of language has fetched it. */
export type StaticMarkup = Record<StaticSectionName, string>;
export const StaticMarkupContext = createContext<StaticMarkup | null>(null);

/** Always the same object, so React neither compares nor writes the kept markup (client/pages/prerendered.tsx). */
const KEEP = { __html: '' };

/**
 * One static section, in a wrapper that takes no box (`display: contents`). The prerender draws the
 * section; hydrating, the browser renders the wrapper with a constant inner HTML, so React keeps the
 * server's markup and needs none of the section's code. After a switch of language the wrapper holds
 * that language's markup, as its own page drew it (client/use-language.ts), in a new wrapper (another key).
 */
export function StaticPart({ name }: { name: StaticSectionName }) {
  const sections = useContext(StaticSectionsContext);
  const markup = useContext(StaticMarkupContext);
  if (sections) {
    const Section = sections[name];
    return (
      <div className="contents" data-part={name}>
        <Section />
      </div>
    );
  }
  if (markup) return <div key="switched" className="contents" data-part={name} dangerouslySetInnerHTML={{ __html: markup[name] }} />;
  return <div key="kept" className="contents" data-part={name} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />;
}

/** The static sections' markup in a page's HTML, as the prerender drew it; throws if one is missing. */
export function staticMarkupOf(html: string): StaticMarkup {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const markup: Partial<StaticMarkup> = {};
  for (const el of doc.querySelectorAll<HTMLElement>('[data-part]')) markup[el.dataset.part as StaticSectionName] = el.innerHTML;
  for (const name of STATIC_SECTION_NAMES) if (markup[name] === undefined) throw new Error(`no ${name} section in the page`);
  return markup as StaticMarkup;
}
