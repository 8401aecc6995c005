// Parts of the home page the server draws and the browser keeps as drawn (docs/decisions/020-page-speed.md,
// 039-islands.md): no script carries their code, and a switch of language in place takes the other
// language's page's markup of them (client/islands/switch-language.ts).
import { createContext, useContext, type ComponentType } from 'react';

/** The home page's parts that never change once drawn (client/static-sections.tsx), by the id of each. */
export const STATIC_SECTION_NAMES = ['logos', 'results', 'comparison', 'process', 'industries', 'faq', 'custom', 'footer'] as const;
export type StaticSectionName = (typeof STATIC_SECTION_NAMES)[number];
export type StaticSections = Record<StaticSectionName, ComponentType>;

/** The static parts' components, provided by the prerender. */
export const StaticSectionsContext = createContext<StaticSections | null>(null);

/** One static part, in a wrapper that takes no box (`display: contents`) and names it. */
export function StaticPart({ name }: { name: StaticSectionName }) {
  const sections = useContext(StaticSectionsContext);
  if (!sections) throw new Error('a static part outside the prerender');
  const Section = sections[name];
  return (
    <div className="contents" data-part={name}>
      <Section />
    </div>
  );
}
