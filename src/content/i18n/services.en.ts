// The services carousel's content and labels, in English. (Filled in with the carousel.)
export const SERVICE_IDS = [
  'support-automation',
  'platform-development',
  'ai-phone-callers',
  'ai-lead-generation',
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export interface Benefit {
  title: string;
  description: string;
}

export interface ServiceCard {
  id: ServiceId;
  title: string;
  subtitle: string;
  description: string;
  products: string[];
  /** Three or four. */
  benefits: Benefit[];
}

export const servicesSection = {
  title: 'Our services',
  subtitle: 'AI systems that work for your business',
  cards: [] as ServiceCard[],
};

export type ServicesSection = typeof servicesSection;
