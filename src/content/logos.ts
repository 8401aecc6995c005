// The client logos in the scrolling strip (placeholders: replace the names and files in public/logos/).
export interface LogoItem {
  name: string;
  logo: string;
  width: number;
}

export const clientLogos: LogoItem[] = [
  { name: 'Sofia Dental', logo: '/logos/sofia-dental.svg', width: 166 },
  { name: 'Vitosha Motors', logo: '/logos/vitosha-motors.svg', width: 186 },
  { name: 'Balkan Realty', logo: '/logos/balkan-realty.svg', width: 176 },
  { name: 'Orbit Fitness', logo: '/logos/orbit-fitness.svg', width: 176 },
  { name: 'Lumen Clinics', logo: '/logos/lumen-clinics.svg', width: 176 },
  { name: 'Rila Logistics', logo: '/logos/rila-logistics.svg', width: 186 },
];

/** The technology partner shown beside the trust count in the hero. */
export const partnerLogo: LogoItem = { name: 'Vapi', logo: '/logos/partner-vapi.svg', width: 78 };
