import { useSyncExternalStore } from 'react';
import { business } from '../../content/site.ts';
import { useI18n } from '../use-i18n.ts';

const noSubscription = () => () => {};

/**
 * The visitor's current year. Hydration renders the build's year (the one in the prerendered HTML, so
 * nothing mismatches); React then re-renders with today's if a new year has begun since the build.
 */
function useCurrentYear(): number {
  return useSyncExternalStore(noSubscription, () => new Date().getFullYear(), () => __BUILD_YEAR__);
}

export function Footer() {
  const { t } = useI18n();
  const year = useCurrentYear();
  return (
    <footer className="border-t border-line px-4 py-8 text-sm text-slate-400 sm:px-6">
      <p className="mx-auto max-w-7xl">
        © {year} {business.legalName}{' '}
        {t.footer.rights}
      </p>
    </footer>
  );
}
