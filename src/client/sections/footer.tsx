import { useSyncExternalStore } from 'react';
import { brandTexts, pathOf } from '../../content/i18n/format.ts';
import { business } from '../../content/site.ts';
import { FOOTER_LINE_IDS } from '../../shared/service-lines.ts';
import type { BuiltPage } from '../../shared/site-pages.ts';
import favicon from '/public/favicon.svg?raw';
import { Icon } from '../../ui/icons.tsx';
import { InlineSvg } from '../../ui/inline-svg.tsx';
import { useI18n } from '../use-i18n.ts';

const noSubscription = () => () => {};

/**
 * The visitor's current year. Hydration renders the build's year (the one in the prerendered HTML, so
 * nothing mismatches); React then re-renders with today's if a new year has begun since the build.
 */
function useCurrentYear(): number {
  return useSyncExternalStore(noSubscription, () => new Date().getFullYear(), () => __BUILD_YEAR__);
}

/** The site's footer; `page` is the page it closes, whose links lead back to the home page's sections. */
export function Footer({ page = 'home' }: { page?: BuiltPage }) {
  const { t, locale } = useI18n();
  const servicesHref = page === 'home' ? '#services' : `${pathOf(locale)}#services`;
  const year = useCurrentYear();
  const heading = 'text-sm font-semibold tracking-wider text-slate-200 uppercase';
  return (
    <footer className="border-t border-line bg-ink/90 px-4 pt-14 pb-8 text-slate-400 sm:px-6">
      <div className="mx-auto grid max-w-7xl gap-10 md:grid-cols-[1.5fr_1fr_1fr]">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <InlineSvg file={favicon} className="size-8" scope="footer" />
            {business.name}
          </p>
          <p className="mt-4 max-w-sm text-pretty">{brandTexts(t, locale, business.name).description}</p>
        </div>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className={heading}>
            {t.footer.services}
          </h2>
          <ul className="mt-4 space-y-2">
            {FOOTER_LINE_IDS.map((id) => (
              <li key={id}>
                <a href={servicesHref} className="hover:text-white">
                  {t.business.serviceNames[id]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={heading}>{t.footer.contact}</h2>
          <address className="mt-4 space-y-2 not-italic">
            <p className="text-slate-200">{business.legalName[locale]}</p>
            <p className="flex items-center gap-2">
              <Icon name="pin" className="size-4 shrink-0" />
              {t.business.locality}, {t.business.region}
            </p>
            <p className="flex items-center gap-2">
              <Icon name="handset" className="size-4 shrink-0" />
              <a href={`tel:${business.phone.replace(/[^\d+]/g, '')}`} className="hover:text-white">
                <span className="sr-only">{t.footer.phone}: </span>
                {business.phone}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Icon name="mail" className="size-4 shrink-0" />
              <a href={`mailto:${business.email}`} className="break-all hover:text-white">
                <span className="sr-only">{t.footer.email}: </span>
                {business.email}
              </a>
            </p>
          </address>
        </div>
      </div>
      <div className="mx-auto mt-12 flex max-w-7xl flex-wrap items-baseline justify-between gap-x-6 gap-y-3 border-t border-line pt-6 text-sm">
        <p>
          © <span data-year="">{year}</span> {business.legalName[locale]} {t.footer.rights}
        </p>
        <a
          href={pathOf(locale, 'privacy')}
          aria-current={page === 'privacy' ? 'page' : undefined}
          className="underline underline-offset-4 hover:text-white"
        >
          {t.footer.privacy}
        </a>
      </div>
    </footer>
  );
}
