// The services carousel's content and labels, in Bulgarian. (Filled in with the carousel.)
import type { ServicesSection } from './services.en.ts';

export const servicesSection: ServicesSection = {
  title: 'Нашите услуги',
  subtitle: 'AI системи, които работят за вашия бизнес',
  cards: [],
};
