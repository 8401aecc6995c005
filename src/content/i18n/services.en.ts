// The services carousel's content and labels, in English: one card per service line (docs/product.md,
// "The public site").
// Figures in the copy are only those figures.ts holds.
// The card's icon and products are the service line's (src/shared/service-lines.ts), not words.
import type { CardLineId } from '../../shared/service-lines.ts';
import type { IconName } from '../../shared/icon-names.ts';
import { withFigures } from './template.ts';

export type ServiceId = CardLineId;

export interface Benefit {
  title: string;
  description: string;
  icon: IconName;
}

export interface ServiceCard {
  id: ServiceId;
  title: string;
  subtitle: string;
  description: string;
  /** Three or four. */
  benefits: Benefit[];
}

const cards: ServiceCard[] = [
  {
    id: 'support-automation',
    title: 'Support Automation',
    subtitle: 'Chat assistants that answer, book and capture leads around the clock',
    description:
      'An AI chat assistant on your website that knows your services, prices and policies. It answers customer questions in seconds, books appointments straight into your calendar and collects the details of every interested visitor, then hands the conversation to your team whenever a person is needed.',
    benefits: [
      {
        title: 'Open 24/7',
        description:
          'Customers get an answer at 11 p.m. on a Sunday just as fast as on a Monday morning.',
        icon: 'clock',
      },
      {
        title: 'A fuller calendar',
        description:
          'Visitors pick a free slot and book it in the chat, with no phone tag and no waiting for an email.',
        icon: 'calendar',
      },
      {
        title: 'Every lead captured',
        description:
          'Each conversation ends with a name and contact details, sent straight to your team.',
        icon: 'inbox',
      },
      {
        title: 'More time for your team',
        description:
          'Routine questions are answered for you, so your staff can focus on the customers who need them.',
        icon: 'users',
      },
    ],
  },
  {
    id: 'platform-development',
    title: 'Conversion Systems',
    subtitle: 'Websites built to turn visitors into customers',
    description:
      'A fast, modern website designed around one goal: turning visitors into inquiries and sales. We rebuild your current site or start fresh, with a clear offer, strong calls to action and online booking built in, and we optimize every page for speed and search.',
    benefits: [
      {
        title: withFigures('Live in {websiteDays} days', 'en'),
        description:
          'Your new website is delivered in days, not months, so it starts working for you right away.',
        icon: 'rocket',
      },
      {
        title: 'Built to convert',
        description:
          'Every page leads visitors to one clear next step: a call, a booking or an inquiry.',
        icon: 'target',
      },
      {
        title: 'Fast on every phone',
        description:
          'Pages load quickly on any device, which visitors and search engines both reward.',
        icon: 'gauge',
      },
      {
        title: 'Easy to find',
        description:
          'A search-friendly structure helps local customers find you before they find your competitors.',
        icon: 'search',
      },
    ],
  },
  {
    id: 'ai-phone-callers',
    title: 'Call Automation',
    subtitle: 'AI phone callers for inbound and outbound calls',
    description: withFigures(
      'AI voice assistants that pick up every incoming call to answer questions, support customers and book appointments, and outbound callers that work through your lead lists to set appointments and make cold calls, in a natural, friendly voice. Outbound campaigns handle up to {weeklyLeads} leads per week.',
      'en',
    ),
    benefits: [
      {
        title: 'No missed calls',
        description:
          'Every caller is answered at once, at any hour, with no hold music and no voicemail.',
        icon: 'phone-incoming',
      },
      {
        title: 'Booked on the call',
        description:
          'Callers hang up with a confirmed time in your calendar, not a promise of a callback.',
        icon: 'calendar',
      },
      {
        title: withFigures('Up to {weeklyLeads} leads a week', 'en'),
        description:
          'Outbound callers work through your lists at a pace no sales team can match.',
        icon: 'trending',
      },
      {
        title: 'Your team on the calls that matter',
        description:
          'Your people step in for the conversations that need them; the assistant handles the rest.',
        icon: 'headset',
      },
    ],
  },
  {
    id: 'ai-lead-generation',
    title: 'AI Lead Generation',
    subtitle: 'Fresh prospects and personalized outreach on autopilot',
    description:
      'We find the businesses that match your ideal customer, gather their public contact details and write each of them a personalized email about their business, not a template with the name swapped in. Campaigns and follow-ups go out on their own, and replies land in your inbox, ready for a sales call.',
    benefits: [
      {
        title: 'A steady pipeline',
        description:
          'New prospects who fit your ideal customer profile, week after week, without buying lists.',
        icon: 'search',
      },
      {
        title: 'Emails worth answering',
        description:
          'Each message is written for its recipient, so it reads like a note from a person, not a mass mailing.',
        icon: 'mail',
      },
      {
        title: 'Follow-ups on time',
        description:
          'Polite follow-ups go out on schedule until the prospect replies, so no opportunity goes cold.',
        icon: 'repeat',
      },
    ],
  },
];

export const servicesSection = {
  title: 'Our services',
  subtitle: 'AI systems that work for your business',
  carouselLabel: 'Services',
  previous: 'Previous services',
  next: 'Next services',
  /** The label of each slide. */
  slideOf: '{number} of {total}',
  /** Read out after paging: `{range}` is one number, or `range` when more cards are in view. */
  showing: 'Showing {range} of {total}: {titles}',
  range: '{from}–{to}',
  expand: 'View details',
  collapse: 'Hide details',
  productsHeading: 'Solutions we build',
  benefitsHeading: 'What you gain',
  cards,
};

export type ServicesSection = typeof servicesSection;
