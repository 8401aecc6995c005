import { memo } from 'react';
import type { BookingTexts } from '../../content/i18n/booking.ts';
import { pathOf } from '../../content/i18n/format.ts';
import { LIMITS, productsOf, STEP_FIELDS, usesDescription } from '../../shared/booking.ts';
import { RadioGroupField, TextAreaField } from '../../ui/field.tsx';
import { useI18n } from '../use-i18n.ts';
import { stepView, type StepProps } from './field-binding.ts';

/**
 * Step 3: the product wanted, or, for a custom service, the project in the visitor's words. The dialog
 * puts Alex's call (call-now.tsx) and the consent (Consent) under it.
 */
export const StepProject = stepView([...STEP_FIELDS[3], 'service'], function StepProject(props) {
  return <ProjectField {...props} />;
});

/** Which it is depends on the service chosen in step 2. */
function ProjectField({ fields, texts: b }: StepProps) {
  const { t } = useI18n();
  const service = fields.service.value;
  if (usesDescription(service)) {
    const description = fields.custom_service;
    return (
      <TextAreaField
        {...description}
        label={b.customService}
        placeholder={b.customServicePlaceholder}
        maxLength={LIMITS.custom_service}
        required
        hint={
          <span className="shrink-0 text-slate-400" aria-hidden="true">
            {description.value.length}/{LIMITS.custom_service}
          </span>
        }
      />
    );
  }
  const product = fields.product;
  return (
    <RadioGroupField
      id={product.id}
      name={product.name}
      label={b.product}
      error={product.error}
      value={product.value}
      disabled={product.disabled}
      // The products' names as the service cards show them.
      options={productsOf(service).map((p) => ({ value: p, label: t.products[p] }))}
      onChange={(value) => product.onChange({ target: { value } })}
    />
  );
}

/**
 * A text whose `{privacyNotice}` is the link to the notice: in a new tab, so the dialog and everything
 * typed into it stay as they are.
 */
export function WithPrivacyNotice({ text, texts: b }: { text: string; texts: BookingTexts }) {
  const { locale } = useI18n();
  const [before, after] = text.split('{privacyNotice}');
  return (
    <>
      {before}
      <a
        href={pathOf(locale, 'privacy')}
        target="_blank"
        rel="noopener"
        className="text-cyan-300 underline underline-offset-4 hover:text-cyan-200"
      >
        {b.privacyNotice}
        <span className="sr-only"> {b.newTab}</span>
      </a>
      {after}
    </>
  );
}

/** What sending means, with the privacy notice a click away; drawn again only with its texts. */
export const Consent = memo(function Consent({ texts: b }: { texts: BookingTexts }) {
  return (
    <p className="text-sm text-pretty text-slate-400">
      <WithPrivacyNotice text={b.consent} texts={b} />
    </p>
  );
});
