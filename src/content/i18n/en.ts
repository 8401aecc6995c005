// The English dictionary is the source: its shape is the type every other language must match. It holds
// what the page's script shows; the static sections' texts, which only the prerender draws, are in
// en-static.ts, and index.ts joins the two for the server.
// `{name}` marks a value filled in at run time: `{brand}` is the business's name (site.ts), `{inCity}`
// the city with its preposition (page-title.ts), figures come from figures.ts: `withFigures` fills a
// sentence's here, `faqItems` the answers'.
import { SERVICE_LINE_IDS, SERVICE_LINES, type ListedLineId, type Product } from '../../shared/service-lines.ts';
import { address } from '../site.ts';
import { withFigures } from './template.ts';
import { servicesSection } from './services.en.ts';

export const en = {
  meta: {
    title: 'AI Automation Agency for Small Businesses | {brand}',
    description:
      'AI chat assistants, AI phone callers, lead generation and websites that turn visitors into customers. Book a free discovery call.',
  },
  nav: {
    home: 'Home',
    bookCall: 'Book a Call',
    logo: '{brand}, reload the page',
    languages: 'Language',
    main: 'Main',
  },
  hero: {
    eyebrow: 'AI solutions for small and mid-size businesses',
    title: 'Grow your business with',
    highlight: 'AI that works around the clock',
    description:
      'We build AI assistants, phone callers and lead-generation systems that answer every customer, book appointments and bring in new leads, while you run your business.',
    cta: 'Book a Free Discovery Call',
    note: withFigures('Free {callMinutes}-minute call · no obligation', 'en'),
    scrollHint: 'Scroll to see how',
    trust: {
      label: 'businesses trust us',
      partner: 'Voice AI built on',
    },
  },
  stats: {
    title: 'Results our clients see',
    subtitle: 'Average figures across the businesses we have automated.',
    /** The figures are figures.ts's. */
    labels: {
      qualifiedLeads: 'more qualified leads',
      engagement: 'engagement boost',
      conversions: 'conversion increase',
      hoursSaved: 'hours saved',
      savedForClients: 'saved for our clients',
      clients: 'businesses served',
    },
  },
  chatBox: {
    title: 'Meet Lana, your AI chat assistant',
    subtitle:
      'Lana answers your website visitors in seconds, in their language, books appointments straight into your calendar and passes qualified leads to your team.',
    points: ['Replies instantly, 24/7', 'Books appointments and captures leads', 'Speaks English and Bulgarian'],
    assistantName: 'Lana',
    assistantRole: 'AI chat assistant',
    online: 'Online',
    /** In place of "Online" where the deployment has no chat assistant: the conversation is an example. */
    example: 'Example',
    conversationLabel: 'Example conversation with Lana',
    you: 'Visitor',
    conversation: [
      { from: 'visitor', text: 'Hi! Do you have any free slots for a cleaning this week?' },
      { from: 'assistant', text: 'Hi! Yes, we have Thursday at 10:30 or Friday at 16:00. Which suits you better?' },
      { from: 'visitor', text: 'Friday at 16:00, please.' },
      {
        from: 'assistant',
        text: 'Done! You are booked for Friday at 16:00. I have sent a confirmation by text. Anything else I can help with?',
      },
    ],
  },
  /** In place of the booking dialog when its code cannot be loaded (offline); its title is hero.cta. */
  bookingUnavailable: {
    message: 'The booking form could not be loaded. Please check your internet connection and try again.',
    retry: 'Try again',
    close: 'Close',
  },
  alexVoice: {
    assistantName: 'Alex',
    title: 'Talk to Alex, our AI voice assistant',
    subtitle:
      'Hear for yourself how natural an AI phone assistant sounds. Alex answers questions and books appointments, just as it would for your customers.',
    buttonText: 'Talk to Alex',
    unavailable: 'Voice assistant not available',
    poweredBy: 'Powered by Vapi voice AI',
    /** Where the deployment has no Alex: said plainly, with what there is instead. */
    off: {
      notice: 'The live demo is switched off on this site. This is how a call with Alex goes:',
      conversationLabel: 'Example call with Alex',
      caller: 'Caller',
      conversation: [
        { from: 'visitor', text: 'Hi, can I book a haircut for Saturday morning?' },
        { from: 'assistant', text: 'Of course! On Saturday I have 9:30 or 11:00. Which suits you better?' },
        { from: 'visitor', text: '11:00, please.' },
        { from: 'assistant', text: 'You are booked for Saturday at 11:00. I will text you a confirmation. Anything else?' },
      ],
      cta: 'Want an assistant like Alex for your business?',
    },
    /** Shown when the demo's code cannot be loaded. The other call texts: voice-call.ts. */
    initFailed: 'Failed to initialize voice assistant',
  },
  services: servicesSection,
  bottomCTA: {
    title: 'Ready to put AI to work?',
    subtitle: 'Your free discovery call is one click away',
    description:
      'Tell us about your business in under a minute. We will map out where AI saves you time and money, with no cost and no commitment.',
    button: 'Book a Free Discovery Call',
    guarantee: withFigures('We call you back within {callBackHours} hours.', 'en'),
    /** Shown where the browser runs no script: the dialog cannot open, so the phone and email do. */
    noScript: 'The booking form needs JavaScript, which is off in this browser. Call or write to us instead, and we will book your call:',
  },
  business: {
    /** The footer's and the search data's. */
    description:
      'An AI-solutions agency {inCity} helping small and mid-size businesses answer every customer, book more appointments and win more leads.',
    /** The footer names the first four; the search data offers all five. */
    serviceNames: {
      'support-automation': 'AI Customer Support Systems',
      'platform-development': 'Platform Development',
      'ai-phone-callers': 'AI Phone Callers',
      'ai-lead-generation': 'AI Lead Generation',
      'custom-software-development': 'Custom AI Solutions',
    } satisfies Record<ListedLineId, string> as Record<ListedLineId, string>,
    locality: address.addressLocality,
    region: address.addressRegion,
  },
  /** The solutions' names, in the service cards and the booking form: in English, the stored values. */
  products: Object.fromEntries(SERVICE_LINE_IDS.flatMap((id) => SERVICE_LINES[id].products.map((p) => [p, p]))) as Record<
    Product,
    string
  >,
  footer: {
    services: 'Services',
    contact: 'Contact',
    phone: 'Phone',
    email: 'Email',
    rights: 'All rights reserved.',
    /** The link to the privacy notice: the notice's own title (src/content/privacy-notice.ts). */
    privacy: 'Privacy notice',
  },
};

export type Dictionary = typeof en;
