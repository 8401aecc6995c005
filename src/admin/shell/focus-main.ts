export const MAIN_ID = 'main';

/** Moves focus to the main region, as the skip link and a change of page do. */
export function focusMain() {
  const heading = document.querySelector<HTMLElement>(`#${MAIN_ID} h1`);
  (heading ?? document.getElementById(MAIN_ID))?.focus({ preventScroll: true });
}
