/** Resting heights of the voice demo's 12 bars, a gentle wave, in percent. In the page's first script. */
export const RESTING_BAR_HEIGHTS: readonly number[] = [30, 45, 60, 75, 55, 85, 70, 90, 60, 45, 65, 35];
