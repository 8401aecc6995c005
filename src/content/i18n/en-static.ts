// The English texts of the home page's static sections (static-sections.tsx: logos, comparison, process,
// industries, FAQ, custom development). Only the prerender draws those sections, so their texts are not
// in the dictionary every visit downloads (en.ts); the page loads them only to switch language, for the
// FAQ's search data (src/client/static-texts.ts). Its shape is the type the other languages' static texts match.
import { withFigures } from './template.ts';

export const enStatic = {
  logos: {
    title: 'Trusted by growing businesses',
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
  },};

export type StaticTexts = typeof enStatic;
