// What the operator edits about the business itself: the profile behind the page's contact details and
// every piece of search data (structured data, social previews, sitemap). Placeholder brand values:
// change them here (README "Editing the business details").
import type { Locale } from '../shared/locale.ts';

/** A text written once per language; the type makes a missing translation fail the build. */
export type Localized<T = string> = Record<Locale, T>;

export interface PostalAddress {
  streetAddress: string;
  addressLocality: string;
  addressRegion: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  addressCountry: string;
}

export interface City {
  name: string;
  country: 'BG' | 'US';
}

/** One service line as search engines see it (SPEC §3 "Service data for search metadata"). */
export interface ServiceListing {
  name: Localized;
  description: Localized;
  /** Starting price in USD; leave unset until the page itself shows a price. */
  price?: number;
}

export type SocialNetwork = 'linkedin' | 'twitter' | 'facebook' | 'instagram';

export interface BusinessProfile {
  name: string;
  legalName: string;
  /** The brand line of the social preview image and of the structured data. */
  slogan: Localized;
  address: PostalAddress;
  /** The city as each language writes it, for page titles ("Services in Sofia"). */
  localityName: Localized;
  phone: string;
  email: string;
  /** The canonical origin of the site, without a trailing slash: every absolute URL starts here. */
  website: string;
  description: Localized;
  /** schema.org's form: "Mo-Su 00:00-23:59", "Mo-Fr 09:00-18:00", "Sa 10:00-14:00". */
  openingHours: string[];
  priceRange: string;
  serviceArea: City[];
  services: ServiceListing[];
  /** Full profile URLs; an unset one is left out of the search data. */
  socialMedia: Record<SocialNetwork, string | undefined>;
  coordinates: { latitude: number; longitude: number };
  /** ISO 8601: a year or a full date. */
  foundingDate: string;
  /** Paths under the site's origin (files in public/). */
  logo: string;
  image: string;
}

export interface SiteConfig {
  business: BusinessProfile;
  /** The Place ID of the Google Business Profile, once there is one; it links the map listing. */
  googleBusinessProfileId: string | undefined;
  reviewsEnabled: boolean;
  /** Search phrases the business wants to be found by, per language. */
  localKeywords: Localized<string[]>;
  targetCities: City[];
}

const cities: City[] = [
  { name: 'Sofia', country: 'BG' },
  { name: 'Plovdiv', country: 'BG' },
  { name: 'Varna', country: 'BG' },
  { name: 'Burgas', country: 'BG' },
  { name: 'Ruse', country: 'BG' },
  { name: 'New York', country: 'US' },
  { name: 'Los Angeles', country: 'US' },
  { name: 'Chicago', country: 'US' },
  { name: 'Houston', country: 'US' },
  { name: 'Phoenix', country: 'US' },
  { name: 'Philadelphia', country: 'US' },
  { name: 'San Antonio', country: 'US' },
  { name: 'San Diego', country: 'US' },
  { name: 'Dallas', country: 'US' },
  { name: 'Miami', country: 'US' },
];

/**
 * The part of the profile the page itself shows (top bar, footer). A literal of its own, so the page's
 * script carries only these few values; the rest is read at build time for the search data.
 */
export const business: Pick<BusinessProfile, 'name' | 'legalName' | 'phone' | 'email' | 'website'> = {
  name: 'Nexa AI Solutions',
  legalName: 'Nexa AI Solutions Ltd.',
  phone: '+359 88 123 4567',
  email: 'hello@nexa-ai.example',
  website: 'https://nexa-ai.example',
};

export const businessProfile: BusinessProfile = {
  ...business,
  slogan: {
    en: 'AI automation for small and mid-size businesses',
    bg: 'AI автоматизация за малкия и средния бизнес',
  },
  address: {
    streetAddress: '1 Example Boulevard, floor 4',
    addressLocality: 'Sofia',
    addressRegion: 'Sofia City',
    postalCode: '1000',
    addressCountry: 'BG',
  },
  localityName: { en: 'Sofia', bg: 'София' },
  // The footer shows the dictionaries' copy of this (t.business): site.test.ts keeps the two the same.
  description: {
    en: 'An AI-solutions agency in Sofia helping small and mid-size businesses answer every customer, book more appointments and win more leads.',
    bg: 'Агенция за AI решения в София, която помага на малкия и средния бизнес да отговаря на всеки клиент, да записва повече часове и да печели повече клиенти.',
  },
  openingHours: ['Mo-Su 00:00-23:59'],
  priceRange: '$$',
  serviceArea: cities,
  services: [
    {
      name: { en: 'AI Customer Support Systems', bg: 'AI системи за обслужване на клиенти' },
      description: {
        en: 'Chat assistants that answer customers, book appointments and capture leads around the clock.',
        bg: 'Чат асистенти, които отговарят на клиентите, записват часове и събират запитвания денонощно.',
      },
    },
    {
      name: { en: 'Platform Development', bg: 'Разработка на платформи' },
      description: {
        en: 'Websites and web platforms built to turn visitors into customers, delivered in days, not months.',
        bg: 'Уебсайтове, уеб платформи и мобилни приложения, създадени да превръщат посетителите в клиенти.',
      },
    },
    {
      name: { en: 'AI Phone Callers', bg: 'AI телефонни асистенти' },
      description: {
        en: 'Inbound and outbound AI callers that answer calls, book appointments and follow up on leads.',
        bg: 'AI асистенти за входящи и изходящи обаждания, които отговарят на клиенти, записват часове и се свързват с потенциални клиенти.',
      },
    },
    {
      name: { en: 'AI Lead Generation', bg: 'Генериране на клиенти с AI' },
      description: {
        en: 'Prospect scraping and personalized email outreach that fill your calendar with qualified leads.',
        bg: 'Търсене на потенциални клиенти и персонализирани имейл кампании, които пълнят календара ви с подходящи запитвания.',
      },
    },
    {
      name: { en: 'Custom AI Solutions', bg: 'AI решения по поръчка' },
      description: {
        en: 'Custom software and AI systems built around the way your business works.',
        bg: 'Софтуер и AI системи по поръчка, изградени около начина, по който работи вашият бизнес.',
      },
    },
  ],
  socialMedia: {
    linkedin: undefined,
    twitter: undefined,
    facebook: undefined,
    instagram: undefined,
  },
  coordinates: { latitude: 42.6977, longitude: 23.3219 },
  foundingDate: '2023',
  logo: '/apple-touch-icon.png',
  image: '/og-image.png',
};

export const siteConfig: SiteConfig = {
  business: businessProfile,
  googleBusinessProfileId: undefined,
  reviewsEnabled: true,
  localKeywords: {
    en: [
      'AI agency Sofia',
      'AI automation agency',
      'AI automation for small business',
      'AI chatbot for business',
      'AI customer support',
      'AI chat assistant',
      'AI appointment setter',
      'AI phone caller',
      'AI receptionist',
      'AI voice assistant for business',
      'AI lead generation',
      'lead generation agency',
      'automated email outreach',
      'website development Sofia',
      'web design Bulgaria',
      'conversion-focused websites',
      'custom AI solutions',
      'custom software development Bulgaria',
      'business process automation',
      'AI consulting Bulgaria',
      'AI agency New York',
      'AI automation USA',
    ],
    bg: [
      'AI агенция София',
      'агенция за AI автоматизация',
      'AI автоматизация за малък бизнес',
      'чатбот за бизнес',
      'AI чат асистент',
      'AI обслужване на клиенти',
      'AI асистент за записване на часове',
      'AI телефонен асистент',
      'AI рецепционист',
      'гласов AI асистент',
      'генериране на клиенти',
      'генериране на лийдове',
      'автоматизирани имейл кампании',
      'изработка на уебсайт София',
      'уеб дизайн България',
      'изработка на уеб платформа',
      'мобилни приложения по поръчка',
      'AI решения по поръчка',
      'софтуер по поръчка',
      'автоматизация на бизнес процеси',
      'AI консултации',
      'изкуствен интелект за бизнеса',
    ],
  },
  targetCities: cities,
};
