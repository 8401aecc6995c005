import { Button, type ButtonProps } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { RESTING_BAR_HEIGHTS } from './voice-bars.ts';

// Shared by the still controls below and the live ones (live-voice.tsx), so the two stay one design.
export const BARS = 'mx-auto mt-10 flex h-20 max-w-xs items-center justify-center gap-1.5';
export const BAR = 'w-2 rounded-full';
export const ERROR = 'mx-auto max-w-md text-sm text-pretty text-rose-300 not-empty:mt-4';

/**
 * The voice demo's bars and button, still and disabled: before the page knows its settings, without
 * Alex's assistant, while the working part (live-voice.tsx) loads, and if it cannot be loaded (`error`).
 * Only this still form is in the page's first script.
 */
export function StillVoiceControls({ label, error }: { label: string; error?: string }) {
  return (
    <>
      <div aria-hidden="true" className={BARS}>
        {RESTING_BAR_HEIGHTS.map((h, i) => (
          <span key={i} className={cn(BAR, 'bg-slate-600')} style={{ height: `${h}%` }} />
        ))}
      </div>
      <VoiceButton variant="unavailable" disabled>
        {label}
      </VoiceButton>
      {error && (
        <p role="alert" className={ERROR}>
          {error}
        </p>
      )}
    </>
  );
}

/**
 * The call button: the page's large button, a little wider, with the microphone. A disabled one (no
 * settings, or after an error) is shown grey: `variant="unavailable"`.
 */
export function VoiceButton({ children, className, ...props }: ButtonProps) {
  return (
    <Button
      size="lg"
      className={cn(
        'mt-10 cursor-pointer px-8 leading-normal focus-visible:outline-offset-2 focus-visible:outline-indigo-300',
        className,
      )}
      {...props}
    >
      <Icon name="mic" className="size-5" />
      {children}
    </Button>
  );
}
