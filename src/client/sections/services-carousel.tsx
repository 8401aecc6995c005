import { useI18n } from '../use-i18n.ts';

/** The services carousel (SPEC.md "Services carousel"). */
export function ServicesCarousel() {
  const { t } = useI18n();
  return (
    <section id="services" aria-labelledby="services-title" className="px-4 py-20 sm:px-6">
      <h2 id="services-title" className="text-center text-3xl font-bold">
        {t.services.title}
      </h2>
    </section>
  );
}
