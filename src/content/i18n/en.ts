// The English dictionary is the source: its shape is the type every other language must match.
// `{name}` marks a value filled in at run time: `{brand}` is the business's name (site.ts), `{inCity}`
// the city with its preposition (page-title.ts), figures come from figures.ts: `withFigures` fills a
// sentence's here, `faqItems` the answers'.
import { SERVICE_LINE_IDS, SERVICE_LINES, type ListedLineId, type Product } from '../../shared/service-lines.ts';
import { address } from '../site.ts';
import { withFigures } from './format.ts';
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
  logos: {
    title: 'Trusted by growing businesses',
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
  comparison: {
    title: 'The difference AI makes',
    subtitle: 'A typical client, one month before and one month after automating with us.',
    without: 'Without AI',
    with: 'With AI',
    perMonth: 'per month',
    sales: { label: 'Sales' },
    cost: { label: 'Operational cost' },
    highlights: {
      roi: 'return on investment',
      profitGain: 'monthly profit gain',
      costReduction: 'cost reduction',
    },
    summary:
      'Sales grow from {salesWithout} to {salesWith} per month ({salesChange}) while operational cost falls from {costWithout} to {costWith} ({costChange}).',
  },
  process: {
    title: 'How it works',
    subtitle: 'From first call to a working system in weeks, not months.',
    steps: [
      {
        title: 'Discovery call',
        description: withFigures(
          'A free {callMinutes}-minute call: we learn how your business runs and where time and leads are lost.',
          'en',
        ),
      },
      {
        title: 'Tailored plan',
        description: 'You get a clear proposal: what we automate, the expected results, the price and the timeline.',
      },
      {
        title: 'Build and integrate',
        description: 'We build your assistants and connect them to your calendar, CRM, phone line and website.',
      },
      {
        title: 'Launch and improve',
        description: 'We go live, watch every conversation, and keep tuning the system as your business grows.',
      },
    ],
  },
  industries: {
    title: 'Built for businesses like yours',
    subtitle: 'Wherever customers call, message or book, AI takes the routine off your hands.',
    items: [
      { title: 'Clinics and dental practices', description: 'Appointments booked and reminders sent, day and night.' },
      { title: 'Real estate', description: 'Every enquiry answered and qualified before a competitor calls back.' },
      { title: 'Beauty and wellness', description: 'Bookings, rescheduling and questions handled without the front desk.' },
      { title: 'Trades and home services', description: 'Calls answered on site, jobs captured, quotes followed up.' },
      { title: 'Restaurants and hospitality', description: 'Reservations and common questions answered in seconds.' },
      { title: 'E-commerce', description: 'Order questions answered and abandoned carts followed up automatically.' },
    ],
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      {
        question: 'What happens after I book a discovery call?',
        answer:
          'We call you within {callBackHours} hours to agree on a time for your free call. On it we look at how your business runs today and show you where AI can save you time and money. The call is free and there is no obligation.',
      },
      {
        question: 'Which businesses do you work with?',
        answer:
          'Small and mid-size businesses that want to answer every customer, book more appointments and win new clients without hiring more staff. More than {clients} businesses have trusted us so far.',
      },
      {
        question: 'How quickly can you build a website?',
        answer:
          'A website built to turn visitors into customers is usually ready in {websiteDays} days. Larger web platforms take a few weeks, depending on their scope.',
      },
      {
        question: 'What can an AI phone caller do for my business?',
        answer:
          'It answers incoming calls, books appointments and handles support questions at any hour. It can also call your leads to follow up or to set a meeting.',
      },
      {
        question: 'Do I need technical knowledge to use your AI systems?',
        answer:
          'No. We set up, connect and look after everything for you, so you only see the results: customers answered, appointments booked and new leads.',
      },
    ],
  },
  chatBox: {
    title: 'Meet Lana, your AI chat assistant',
    subtitle:
      'Lana answers your website visitors in seconds, in their language, books appointments straight into your calendar and passes qualified leads to your team.',
    points: ['Replies instantly, 24/7', 'Books appointments and captures leads', 'Speaks English and Bulgarian'],
    assistantName: 'Lana',
    assistantRole: 'AI chat assistant',
    online: 'Online',
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
  customDevelopment: {
    title: 'Custom development',
    subtitle: 'When off-the-shelf is not enough, we build exactly what your business needs.',
    websites: {
      badge: 'Most popular',
      title: 'Websites',
      unit: 'days',
      description: 'A fast, modern website that turns visitors into customers, live in as little as three days.',
    },
    platforms: {
      title: 'Platforms',
      unit: 'weeks',
      subtitle: 'Customer portals, booking systems and dashboards',
      description: 'Web platforms built around your processes, delivered in weeks, not months.',
    },
    software: {
      title: 'Software',
      unit: 'faster workflows',
      description: 'Custom tools and integrations that remove manual work from your day.',
      benefits: ['Fast', 'Reliable', 'Scalable'],
    },
  },
  /** In place of the booking dialog when its code cannot be loaded (offline); its title is hero.cta. */
  bookingUnavailable: {
    message: 'The booking form could not be loaded. Please check your internet connection and try again.',
    retry: 'Try again',
    close: 'Close',
  },
  alexVoice: {
    title: 'Talk to Alex, our AI voice assistant',
    subtitle:
      'Hear for yourself how natural an AI phone assistant sounds. Alex answers questions and books appointments, just as it would for your customers.',
    buttonText: 'Talk to Alex',
    unavailable: 'Voice assistant not available',
    poweredBy: 'Powered by Vapi voice AI',
    /** SPEC.md §8; shown when the demo's code cannot be loaded. The other call texts: voice-call.ts. */
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
    rights: 'All rights reserved.',
    /** The link to the privacy notice: the notice's own title (src/content/privacy-notice.ts). */
    privacy: 'Privacy notice',
  },
};

export type Dictionary = typeof en;
