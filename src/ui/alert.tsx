import type { ComponentProps } from 'react';
import { buttonVariants } from './button.tsx';
import { cn } from './cn.ts';

/** The kit's look for what went wrong: for a live region or a banner that is not an Alert itself. */
export const ALERT_LOOK = 'rounded-2xl border border-rose-400/40 bg-rose-500/10 text-rose-100';

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
      className={cn(ALERT_LOOK, 'flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm', className)}
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
