// The client logos in the scrolling strip (placeholders: replace the names and files in public/logos/;
// each file gives its own size, drawn inline by ui/inline-svg.tsx).
export interface LogoItem {
  name: string;
  logo: string;
}

export const clientLogos: LogoItem[] = [
  { name: 'Sofia Dental', logo: '/logos/sofia-dental.svg' },
  { name: 'Vitosha Motors', logo: '/logos/vitosha-motors.svg' },
  { name: 'Balkan Realty', logo: '/logos/balkan-realty.svg' },
  { name: 'Orbit Fitness', logo: '/logos/orbit-fitness.svg' },
  { name: 'Lumen Clinics', logo: '/logos/lumen-clinics.svg' },
  { name: 'Rila Logistics', logo: '/logos/rila-logistics.svg' },
];

/** The technology partner shown beside the trust count in the hero. */
export const partnerLogo: LogoItem = { name: 'Vapi', logo: '/logos/partner-vapi.svg' };
