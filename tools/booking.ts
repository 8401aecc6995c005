// A booking as the dialog sends it, for the tools that book through the API (the fault runs, the
// container test): one valid body, in either language.

/** The body the booking dialog sends, for a visitor at `email`. */
export function bookingBody({ email }: { email: string }, locale: 'en' | 'bg' = 'en'): string {
  return JSON.stringify({
    first_name: 'Elena',
    email,
    phone: '+359 88 765 4321',
    business_name: 'Petrova Dental',
    service: 'Call Automation Systems',
    product: 'Inbound Phone Caller (appointments & support)',
    custom_service: '',
    locale,
  });
}
