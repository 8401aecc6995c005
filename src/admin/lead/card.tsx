import type { ReactNode } from 'react';
import { cn } from '../../ui/cn.ts';

/** One of the lead page's sections: a panel headed by its title, which names it (`id`). */
export function Card({ title, id, children, className }: { title: string; id: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={cn('rounded-2xl border border-line bg-panel/80 p-5 sm:p-6', className)}>
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
