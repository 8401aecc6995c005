import type { BookingTexts } from '../../content/i18n/booking.ts';
import { pathOf } from '../../content/i18n/format.ts';
import { LIMITS, productsOf, usesDescription, type Product } from '../../shared/booking.ts';
import { RadioGroupField, TextAreaField } from '../ui/field.tsx';
import { useI18n } from '../use-i18n.ts';
import type { StepProps } from './field-binding.ts';

interface StepProjectProps extends StepProps {
  service: string;
  /** The products' names as the service cards show them. */
  productNames: Record<Product, string>;
  onProduct: (product: Product) => void;
}

/** Step 3: the product wanted, or, for a custom service, the project in the visitor's words. */
export function StepProject(props: StepProjectProps) {
  return (
    <>
      <ProjectField {...props} />
      <Consent texts={props.texts} />
    </>
  );
}

function ProjectField({ bind, texts: b, service, productNames, onProduct }: StepProjectProps) {
  if (usesDescription(service)) {
    const description = bind('custom_service');
    return (
      <TextAreaField
        {...description}
        label={b.customService}
        placeholder={b.customServicePlaceholder}
        maxLength={LIMITS.custom_service}
        required
        hint={
          <span className="shrink-0 text-slate-500" aria-hidden="true">
            {description.value.length}/{LIMITS.custom_service}
          </span>
        }
      />
    );
  }
  const product = bind('product');
  return (
    <RadioGroupField
      id={product.id}
      name={product.name}
      label={b.product}
      error={product.error}
      value={product.value}
      disabled={product.disabled}
      options={productsOf(service).map((p) => ({ value: p, label: productNames[p] }))}
      onChange={onProduct}
    />
  );
}

/**
 * What sending means, with the privacy notice a click away: in a new tab, so the dialog and everything
 * typed into it stay as they are.
 */
function Consent({ texts: b }: { texts: BookingTexts }) {
  const { locale } = useI18n();
  const [before, after] = b.consent.split('{privacyNotice}');
  return (
    <p className="text-sm text-pretty text-slate-400">
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
    </p>
  );
}
