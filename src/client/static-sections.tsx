// The home page's sections that never change once drawn: no state, no handlers, only text, figures and
// links. Only the prerender imports this module; the browser keeps what it drew and, to switch language
// in place, takes the other page's markup of them (client/islands/switch-language.ts).
import { ComparisonChart } from './sections/comparison-chart.tsx';
import { CustomDevelopment } from './sections/custom-development.tsx';
import { Faq } from './sections/faq.tsx';
import { Footer } from './sections/footer.tsx';
import { Industries } from './sections/industries.tsx';
import { LogoStrip } from './sections/logo-strip.tsx';
import { Process } from './sections/process.tsx';
import { Stats } from './sections/stats.tsx';
import type { StaticSections } from './static-part.tsx';

export const staticSections: StaticSections = {
  logos: LogoStrip,
  results: Stats,
  comparison: ComparisonChart,
  process: Process,
  industries: Industries,
  faq: Faq,
  custom: CustomDevelopment,
  footer: Footer,
};
