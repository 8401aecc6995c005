// The booking dialog on the home page, whose parts are islands (island-names.ts): a root of its own,
// made on the first call, so any island's button opens the one dialog, with the page's texts.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageI18n } from '../page-i18n.tsx';
import { BookingDialogHost, type Opener } from './use-booking-dialog.tsx';

let mounted: Promise<Opener> | undefined;

/**
 * The dialog's root, made once, at the end of the page's root (where the whole-page app drew it). The
 * host draws the closed dialog ahead when the browser is idle, as it does on every page.
 */
function mount(): Promise<Opener> {
  mounted ??= new Promise((resolve) => {
    const element = document.createElement('div');
    element.className = 'contents';
    (document.getElementById('root') ?? document.body).append(element);
    createRoot(element).render(
      <StrictMode>
        {/* Closed, it takes a switch of language after the page has, not as part of it. */}
        <PageI18n deferred>
          <BookingDialogHost ref={(opener) => void (opener && resolve(opener))} />
        </PageI18n>
      </StrictMode>,
    );
  });
  return mounted;
}

/** Opens the booking dialog. */
export function openBooking() {
  void mount().then((opener) => opener.open());
}

/** Makes the dialog's root, closed, so a later press opens it without that work. */
export function prepareBooking() {
  void mount();
}
