import { cva } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from './cn.ts';

// Bubbles as wide as their words; a reply's paragraphs keep their breaks, a long link wraps.
const bubbleVariants = cva('w-fit whitespace-pre-line [overflow-wrap:anywhere] rounded-2xl px-4 py-2.5', {
  variants: {
    from: {
      visitor: 'ml-auto max-w-[85%] rounded-br-sm bg-slate-800',
      assistant: 'max-w-[85%] rounded-bl-sm bg-gradient-to-r from-indigo-600 to-cyan-700 text-white',
      error: 'max-w-[90%] border border-rose-500/50 bg-rose-500/10 text-rose-200',
    },
  },
});

interface ChatBubbleProps extends HTMLAttributes<HTMLParagraphElement> {
  from: 'visitor' | 'assistant' | 'error';
  /** Who says it, for screen readers only: the bubble's side and colour say it on screen. */
  speaker?: string | undefined;
}

/** One message of a chat with Lana: the visitor's on the right, hers on the left, a failure in red. */
export function ChatBubble({ from, speaker, className, children, ...props }: ChatBubbleProps) {
  return (
    <p className={cn(bubbleVariants({ from }), className)} {...props}>
      {speaker && <span className="sr-only">{speaker}: </span>}
      {children}
    </p>
  );
}
