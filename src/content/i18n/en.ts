// The English dictionary is the source: its shape is the type every other language must match.
// `{name}` marks a value filled in at run time.
import type { Product, Service } from '../../shared/booking.ts';
import { servicesSection } from './services.en.ts';

const services = {
  'Support Automation': 'Support Automation',
  'Conversion Systems': 'Conversion Systems',
  'Call Automation Systems': 'Call Automation Systems',
  'A.I Lead Generation': 'A.I Lead Generation',
  'Custom Software Development': 'Custom Software Development',
  Other: 'Other',
} satisfies Record<Service, string>;

const products = {
  'Customer Support Chat Assistant': 'Customer Support Chat Assistant',
  'Appointment Setter Chat Assistant': 'Appointment Setter Chat Assistant',
  'Lead Capture Chat Assistant': 'Lead Capture Chat Assistant',
  'All of the above': 'All of the above',
  'Website Rebuild & Optimization': 'Website Rebuild & Optimization',
  'Inbound Phone Caller (appointments & support)': 'Inbound Phone Caller (appointments & support)',
  'Outbound Phone Caller (appointments & cold calls)':
    'Outbound Phone Caller (appointments & cold calls)',
  'Prospect Scraping System': 'Prospect Scraping System',
  'Automated Personalized Email Outreach Campaigns':
    'Automated Personalized Email Outreach Campaigns',
} satisfies Record<Product, string>;

export const en = {
  meta: {
    title: 'AI Automation Agency for Small Businesses | Nexa AI Solutions',
    description:
      'AI chat assistants, AI phone callers, lead generation and websites that turn visitors into customers. Book a free discovery call.',
  },
  nav: {
    home: 'Home',
    bookCall: 'Book a Call',
    logo: 'Nexa AI Solutions, reload the page',
    languages: 'Language',
    main: 'Main',
  },
  hero: {
    title: 'Grow your business with',
    highlight: 'AI that works around the clock',
    description:
      'We build AI assistants, phone callers and lead-generation systems that answer every customer, book appointments and bring in new leads, while you run your business.',
    cta: 'Book a Free Discovery Call',
    note: 'Free 30-minute call · no obligation',
  },
  services: servicesSection,
  bottomCTA: {
    title: 'Ready to put AI to work?',
    subtitle: 'Your free discovery call is one click away',
    description:
      'Tell us about your business in under a minute. We will map out where AI saves you time and money, with no cost and no commitment.',
    button: 'Book a Free Discovery Call',
    guarantee: 'We call you back within 24 hours.',
  },
  footer: {
    rights: 'All rights reserved.',
  },
  booking: {
    title: 'Book a Free Discovery Call',
    stepOf: 'Step {step} of {total}',
    steps: ['Contact information', 'Business needs', 'Your project'],
    firstName: 'First name',
    email: 'Email address',
    phone: 'Phone number',
    businessName: 'Business name',
    service: 'Service you are interested in',
    servicePlaceholder: 'Choose a service',
    product: 'Which solution fits you best?',
    customService: 'Describe the service you want to automate',
    customServicePlaceholder: 'For example: answering calls after hours and booking appointments',
    back: 'Back',
    next: 'Next',
    send: 'Send Request',
    sending: 'Sending...',
    close: 'Close',
    closeDialog: 'Close dialog',
    services,
    products,
    errors: {
      required: 'This field is required.',
      tooLong: 'Please use at most {max} characters.',
      invalidEmail: 'Please enter a valid email address.',
      invalidPhone: 'Please enter a phone number with at least 6 digits.',
      invalidService: 'Please choose a service from the list.',
      invalidProduct: 'Please choose one of the options.',
    },
    failed: 'Failed to submit form',
    failedRetry: 'Failed to submit form. Please try again.',
    thankYou: {
      title: 'Thank You for Your Request!',
      review: 'Our AI will review your request and prepare for your call.',
      callback:
        'We will call you within the next 24 hours to schedule your free discovery call.',
      phoneHint: 'Please keep an eye on your phone.',
    },
  },
  api: {
    invalid: 'Please check the highlighted details: {fields}.',
    invalidJson: 'The request could not be read.',
    tooLarge: 'The request is too large.',
    unsupportedType: 'The request must be sent as JSON.',
    tooManyRequests: 'Too many requests. Please wait a minute and try again.',
    unavailable: 'We could not save your request right now. Please try again in a moment.',
    internal: 'Something went wrong on our side. Please try again.',
    notFound: 'Not found.',
  },
};

export type Dictionary = typeof en;
