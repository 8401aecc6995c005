import { LIMITS, productsOf, usesDescription, type Product } from '../../shared/booking.ts';
import { RadioGroupField, TextAreaField } from '../ui/field.tsx';
import type { StepProps } from './field-binding.ts';

interface StepProjectProps extends StepProps {
  service: string;
  /** The products' names as the service cards show them. */
  productNames: Record<Product, string>;
  onProduct: (product: Product) => void;
}

/** Step 3: the product wanted, or, for a custom service, the project in the visitor's words. */
export function StepProject({ bind, texts: b, service, productNames, onProduct }: StepProjectProps) {
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
