import type { ComponentProps } from 'react';
import { buttonVariants } from './button.tsx';
import { cn } from './cn.ts';

export interface AlertProps extends Omit<ComponentProps<'div'>, 'role'> {
  /** The button that tries again, beside the message: its words and what it does. */
  retry?: { label: string; onRetry: () => void } | undefined;
}

/**
 * What went wrong, where it went wrong, in the kit's one look for it: a rose panel with the message and,
 * when there is one, the button that tries again. `role="alert"`, so a screen reader says it at once.
 */
export function Alert({ retry, className, children, ...props }: AlertProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-100',
        className,
      )}
      {...props}
    >
      <p>{children}</p>
      {retry && (
        <button type="button" onClick={retry.onRetry} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          {retry.label}
        </button>
      )}
    </div>
  );
}
