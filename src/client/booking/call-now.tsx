import { memo } from 'react';
import type { BookingTexts } from '../../content/i18n/booking.ts';
import type { CallbackOffer } from '../../shared/callback-offer.ts';
import { useI18n } from '../use-i18n.ts';
import { callNowLabel } from './callback-words.ts';
import { WithPrivacyNotice } from './step-project.tsx';

const ID = 'booking-call-now';

export interface CallNowProps {
  offer: CallbackOffer;
  texts: BookingTexts;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * Step 3's choice of a call from Alex, the AI assistant, only where the server offers it: unchecked, its
 * label saying when he calls (now, or the calling hours' next opening), and under it what the call is,
 * with the privacy notice a click away. The note is outside the label, so its link does not tick the box.
 */
export const CallNow = memo(function CallNow({ offer, texts: b, checked, disabled, onChange }: CallNowProps) {
  const { locale } = useI18n();
  return (
    <div className="rounded-xl border border-slate-600 px-4 py-3 has-checked:border-cyan-400 has-checked:bg-cyan-400/10">
      <label htmlFor={ID} className="flex cursor-pointer items-start gap-3">
        <input
          id={ID}
          type="checkbox"
          name="call_now"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={`${ID}-note`}
          className="mt-1 size-4 shrink-0 accent-cyan-400"
        />
        <span className="text-pretty">{callNowLabel(offer, new Date(), b.callNow, locale)}</span>
      </label>
      <p id={`${ID}-note`} className="mt-1 pl-7 text-sm text-pretty text-slate-400">
        <WithPrivacyNotice text={b.callNow.note} texts={b} />
      </p>
    </div>
  );
});
