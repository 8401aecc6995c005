import { Button, type ButtonProps } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';

/**
 * A button whose action is under way: it says so (aria-busy, and the label the caller gives) and ignores
 * presses meanwhile, but stays focusable. A disabled button would drop a keyboard user's focus to the
 * top of the page just as the result arrives.
 */
export function BusyButton({ busy, onClick, className, ...props }: ButtonProps & { busy: boolean }) {
  return (
    <Button
      {...props}
      aria-busy={busy || undefined}
      aria-disabled={busy || props['aria-disabled'] || undefined}
      onClick={(e) => {
        if (busy) {
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
      className={cn(busy && 'cursor-wait opacity-70', className)}
    />
  );
}
