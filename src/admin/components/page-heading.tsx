import type { ReactNode } from 'react';
import { cn } from '../../ui/cn.ts';

/**
 * A page's one h1. Focus moves to it when the page changes (src/admin/app.tsx), so a keyboard or
 * screen-reader user starts reading where the new page starts; it is not a control, so it draws no focus
 * ring.
 */
export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <h1 tabIndex={-1} className={cn('text-2xl font-bold tracking-tight text-balance outline-none sm:text-3xl', className)}>
      {children}
    </h1>
  );
}
