// The page's line icons, drawn for this site on a 24-unit grid and stroked in the text colour, so no
// icon library ships. Decorative: the text beside each one says the same. Each refers to its drawing in
// the page's sprite (icon-sprite.ts), so a drawing used many times is in the page once.
import type { SVGProps } from 'react';
import type { IconName } from '../shared/icon-names.ts';
import { iconHref } from './icon-sprite.ts';

/**
 * The services' drawings (their cards, details and the carousel's arrows) are a hair finer than the
 * rest of the page's icons.
 */
export const FINE_STROKE = 1.75;

/** One of the page's icons; `strokeWidth` (1.8 unless given) sets its line weight. */
export function Icon({ name, strokeWidth = 1.8, className, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" strokeWidth={strokeWidth} aria-hidden="true" className={className ? `icon ${className}` : 'icon'} {...props}>
      <use href={iconHref(name)} />
    </svg>
  );
}
