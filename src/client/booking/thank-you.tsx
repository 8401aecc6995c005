import { useEffect, useRef } from 'react';
import type { BookingTexts } from '../../content/i18n/booking.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';

/** After a stored request: what happens next, and the way out, which takes focus. */
export function ThankYou({ texts: b, onClose }: { texts: BookingTexts; onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <div className="py-4 text-center" role="status">
      <div className="mx-auto grid size-14 place-items-center rounded-full bg-emerald-500/15 text-emerald-300">
        <Icon name="check" strokeWidth={2.5} className="size-7" />
      </div>
      <h2 id="booking-title" className="mt-5 text-2xl font-bold">
        {b.thankYou.title}
      </h2>
      <p className="mt-3 text-slate-300">{b.thankYou.review}</p>
      <p className="mt-2 text-slate-300">{b.thankYou.callback}</p>
      <p className="mt-4 font-medium text-cyan-300">{b.thankYou.phoneHint}</p>
      <Button ref={close} className="mt-8 w-full sm:w-auto" onClick={onClose}>
        {b.close}
      </Button>
    </div>
  );
}
