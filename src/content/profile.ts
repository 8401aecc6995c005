// The rest of the business profile, which only the search data uses (structured data, keywords,
// social profiles): read by the build and, when a visitor switches language in place, loaded with the
// head of the page, never part of the page's first script. What the page shows is in site.ts.
import type { Locale } from '../shared/locale.ts';
import type { ListedLineId } from '../shared/service-lines.ts';
import { address, business, type Business, type PostalAddress } from './site.ts';

/** A text written once per language; the type makes a missing translation fail the build. */
export type Localized<T = string> = Record<Locale, T>;

export interface City {
  name: string;
  country: 'BG' | 'US';
}

/**
 * One service line as search engines see it (the JSON-LD the pages carry: structured-data.ts); its name is
 * the one the page shows (the dictionaries' `business.serviceNames`).
 */
export interface ServiceListing {
  description: Localized;
  /** Starting price in USD; leave unset until the page itself shows a price. */
  price?: number;
}

export type SocialNetwork = 'linkedin' | 'twitter' | 'facebook' | 'instagram';

export interface BusinessProfile extends Business {
  /** The brand line of the social preview image and of the structured data. */
  slogan: Localized;
  /** In English, as search engines read it; the page's English footer shows its city and region. */
  address: PostalAddress;
  /** schema.org's form: "Mo-Su 00:00-23:59", "Mo-Fr 09:00-18:00", "Sa 10:00-14:00". */
  openingHours: string[];
  /**
   * When the agency's people take discovery calls, on Sofia's clock, in the same form: the slots a
   * visitor may pick (MEETING_HOURS overrides it). Apart from the opening hours, which say the
   * assistants answer round the clock: nobody should be offered a call at three in the morning.
   */
  meetingHours: string[];
  priceRange: string;
  serviceArea: City[];
  services: Record<ListedLineId, ServiceListing>;
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

export const businessProfile: BusinessProfile = {
  ...business,
  slogan: {
    en: 'AI automation for small and mid-size businesses',
    bg: 'AI автоматизация за малкия и средния бизнес',
  },
  address,
  openingHours: ['Mo-Su 00:00-23:59'],
  meetingHours: ['Mo-Fr 09:00-18:00'],
  priceRange: '$$',
  serviceArea: cities,
  services: {
    'support-automation': {
      description: {
        en: 'Chat assistants that answer customers, book appointments and capture leads around the clock.',
        bg: 'Чат асистенти, които отговарят на клиентите, записват часове и събират запитвания денонощно.',
      },
    },
    'platform-development': {
      description: {
        en: 'Websites and web platforms built to turn visitors into customers, delivered in days, not months.',
        bg: 'Уебсайтове, уеб платформи и мобилни приложения, създадени да превръщат посетителите в клиенти.',
      },
    },
    'ai-phone-callers': {
      description: {
        en: 'Inbound and outbound AI callers that answer calls, book appointments and follow up on leads.',
        bg: 'AI асистенти за входящи и изходящи обаждания, които отговарят на клиенти, записват часове и се свързват с потенциални клиенти.',
      },
    },
    'ai-lead-generation': {
      description: {
        en: 'Prospect scraping and personalized email outreach that fill your calendar with qualified leads.',
        bg: 'Търсене на потенциални клиенти и персонализирани имейл кампании, които пълнят календара ви с подходящи запитвания.',
      },
    },
    'custom-software-development': {
      description: {
        en: 'Custom software and AI systems built around the way your business works.',
        bg: 'Софтуер и AI системи по поръчка, изградени около начина, по който работи вашият бизнес.',
      },
    },
  },
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
