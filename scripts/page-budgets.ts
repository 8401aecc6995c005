// The public pages' budgets, in one place: the build's test holds the deterministic ones (bytes), and
// `npm run bench` judges them all on this machine (times vary, so no test times anything).

/** Every script a public page loads first (entry, dictionary, preloaded modules), gzip -9 bytes. */
export const INITIAL_JS_GZIP_BUDGET = 90 * 1024;
/** A public page's CSS, inline or linked, gzip -9 bytes. */
export const CSS_GZIP_BUDGET = 20 * 1024;
/** Font files a page fetches before its first paint. */
export const FONTS_BEFORE_FIRST_PAINT_BUDGET = 1;

/** Lighthouse, default mobile settings (simulated throttling), in every run. */
export const LIGHTHOUSE_BUDGETS = {
  /** Each of the four categories' scores, 0-100. */
  score: 100,
  /** The page's largest paint, at most this many times the empty page's median in the same run. */
  lcpOverEmpty: 2.0,
  totalBlockingTimeMs: 30,
  cumulativeLayoutShift: 0.01,
};

/** Under 4× CPU throttling, medians. */
export const INTERACTION_BUDGETS = {
  /** "Book a Call" pressed to the dialog's first field focused. */
  dialogReadyMs: 100,
  /** Next pressed on step 1 to step 2's first field focused. */
  stepChangeMs: 50,
};
