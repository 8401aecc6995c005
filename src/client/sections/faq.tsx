import { faqItems } from '../../content/i18n/format.ts';
import { Icon } from '../../ui/icons.tsx';
import { Section } from '../../ui/section.tsx';
import { useStaticTexts } from '../static-texts.ts';

/**
 * The questions of the dictionary's faq section, the same ones the page's FAQPage data gives search engines
 * (which must match what the visitor can read). Native disclosure elements: every answer is in the
 * prerendered HTML and opens without script.
 */
export function Faq() {
  const { t, locale } = useStaticTexts();
  return (
    <Section id="faq" title={t.faq.title}>
      <div className="mx-auto max-w-3xl space-y-3">
        {faqItems(t, locale).map((item) => (
          <details key={item.question} className="group rounded-2xl border border-line bg-panel/80 open:border-indigo-400/40">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl p-5 font-semibold sm:p-6 [&::-webkit-details-marker]:hidden">
              {item.question}
              <Icon name="arrow-down" className="size-5 shrink-0 text-indigo-300 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
            </summary>
            <p className="px-5 pb-5 text-pretty text-slate-300 sm:px-6 sm:pb-6">{item.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
