import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

/** The page's buttons' looks, also for a link that should look like a button. */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2',
  {
    variants: {
      variant: {
        primary:
          'bg-gradient-to-r from-indigo-500 to-cyan-500 text-white shadow-lg shadow-indigo-500/25 hover:from-indigo-400 hover:to-cyan-400',
        secondary: 'border border-slate-600 text-slate-100 hover:bg-slate-800',
        ghost: 'text-slate-300 hover:bg-slate-800 hover:text-white',
        /** Ends something under way, such as a call. */
        danger: 'bg-rose-600 text-white hover:bg-rose-500',
        /** Grey and at full strength, for a button that is off for a reason it says (the voice demo's). */
        unavailable: 'bg-slate-700 text-slate-300 disabled:opacity-100',
      },
      size: {
        sm: 'min-h-10 px-4 py-2 text-sm',
        md: 'min-h-11 px-5 py-2.5 text-sm',
        lg: 'min-h-13 px-7 py-3 text-base text-center leading-snug',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants>;

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
