import type { Service } from '../../shared/booking.ts';

/** One colour per service, in the catalogue's order: the bars' fill and the legend's swatch. */
export const SERVICE_COLOURS: Record<Service, { fill: string; swatch: string }> = {
  'Support Automation': { fill: 'fill-indigo-400', swatch: 'bg-indigo-400' },
  'Conversion Systems': { fill: 'fill-cyan-400', swatch: 'bg-cyan-400' },
  'Call Automation Systems': { fill: 'fill-emerald-400', swatch: 'bg-emerald-400' },
  'A.I Lead Generation': { fill: 'fill-amber-300', swatch: 'bg-amber-300' },
  'Custom Software Development': { fill: 'fill-fuchsia-400', swatch: 'bg-fuchsia-400' },
  Other: { fill: 'fill-slate-400', swatch: 'bg-slate-400' },
};
