// What the operator edits about the business itself. Placeholder brand values: change them here.
// (The full business profile and site config for search data grow here with the landing page.)
export const business = {
  name: 'Nexa AI Solutions',
  legalName: 'Nexa AI Solutions Ltd.',
  phone: '+359 88 123 4567',
  email: 'hello@nexa-ai.example',
  website: 'https://nexa-ai.example',
} as const;
