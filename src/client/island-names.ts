// The public pages' islands, by name, and the attributes and window properties the page's loader and its
// islands (islands/) share: the parts a visitor can touch, each hydrated on its own, and only when the
// visitor reaches for it (docs/decisions/039-islands.md). Everything else on the page is the HTML the
// prerender wrote, and stays that.

/**
 * Each island by name, with what wakes it: `press` when a pointer comes over it, or it takes focus, a
 * key or a press; `view` also as it nears the screen, for a part whose first render differs from the
 * prerendered one (the deployment's assistants) or that a finger may swipe.
 */
export const ISLANDS = {
  'top-bar': 'press',
  hero: 'press',
  services: 'view',
  'chat-box': 'view',
  'voice-demo': 'view',
  'bottom-cta': 'press',
  // The pages beside the home page (the privacy notice, the not-found page): their top bar, and the
  // not-found page's buttons.
  'page-top-bar': 'press',
  'not-found': 'press',
} as const;

export type IslandName = keyof typeof ISLANDS;

/** The attribute that names an island's element, and the one set once it has hydrated. */
export const ISLAND_ATTRIBUTE = 'data-island';
export const AWAKE_ATTRIBUTE = 'data-awake';

/** The prefix of React's generated ids in an island, the same on the server and in the browser. */
export const idPrefixOf = (name: string) => `${name}-`;

export const isIslandName = (value: unknown): value is IslandName =>
  typeof value === 'string' && Object.hasOwn(ISLANDS, value);

/**
 * The window property through which the page's entry takes the loader's word that an island is reached
 * for (scripts/page-loader.ts): a built entry keeps no exports.
 */
export const WAKE_ISLAND = '__wakeIsland';

/**
 * The window property the loader calls once it has asked for the islands' code ahead, the browser idle
 * (scripts/page-loader.ts): not on a connection that saves data or is as slow as 2G.
 */
export const AHEAD_FETCHED = '__aheadFetched';

/**
 * The window property where the loader leaves its verdict on the connection: true where it saves data
 * or is as slow as 2G, and nothing is fetched on a guess (scripts/page-loader.ts holds the one rule).
 */
export const LEAN_CONNECTION = '__leanConnection';

/** Sent on the document once a switch of language has replaced the markup of the islands still asleep. */
export const ISLANDS_REDRAWN_EVENT = 'islandsredrawn';
