// The layout's rules, checked in `npm test` (npm run lint:deps): what may import what. Each rule says
// why; docs/architecture.md draws the layers. A rule broken here is a design question before it is a
// fix: move the shared piece down a layer, or pass it in, rather than import upward.

/** The server's layers, lowest first: a folder may import its own layer and those below, never above. */
const SERVER_LAYERS = [
  // Generic types every layer may use (Log, ChannelHealth).
  ['core'],
  // The engine and the plain mechanisms: the database connection and migrations, the limits' counter,
  // the HTTP pieces every route uses (logging, headers, timeouts, messages), and the environment,
  // read once (it parses the limits' syntax; logging and headers take their settings' types from it).
  ['store', 'limits', 'http', 'config\\.ts'],
  // What the features share: the leads (store, queries, erasure) and the operators (accounts, sessions).
  ['leads', 'operators'],
  // Telling the agency: the outbox writes rows beside a lead's.
  ['notifications'],
  // A person's data as a whole: erasure takes a lead with its notifications; retention sweeps by erasure.
  ['privacy'],
  // The features a request reaches.
  ['booking', 'meetings', 'assistants', 'site', 'inbox', 'funnel', 'health', 'metrics'],
  // The composition: every service built once, every feature registered, the process started.
  ['services\\.ts', 'app\\.ts', 'main\\.ts'],
];
/** A layer's folders as a reader names them: `config.ts`, not its pattern. */
const plain = (names) => names.map((name) => name.replace('\\.', '.'));
const layerPath = (names) => `^src/server/(${names.join('|')})(/|$)`;

/** Commands run from a terminal are entry points like main.ts: they may use any layer. */
const COMMANDS = '^src/server/.+/(cli|backup-cli|vapi-cli)\\.ts$';

const upward = SERVER_LAYERS.flatMap((names, i) =>
  i === SERVER_LAYERS.length - 1
    ? []
    : [
        {
          name: `server-layer-${i}-${plain(names).join('-')}`,
          comment: `${plain(names).join(', ')} may import only from its own layer or below, never from ${plain(SERVER_LAYERS.slice(i + 1).flat()).join(', ')}`,
          severity: 'error',
          from: { path: layerPath(names), pathNot: [COMMANDS, '\\.test\\.tsx?$'] },
          to: { path: layerPath(SERVER_LAYERS.slice(i + 1).flat()) },
        },
      ],
);

/**
 * The modules whose work is to build a long-lived service (a store, a signer, a limiter, the desk, the
 * assistants' tools…): services.ts builds each once, so the app, the routes and the rest take them in.
 */
const SERVICE_BUILDERS = [
  'store/(database|site-secret)',
  'limits/(limiter|shared-limits)',
  'core/signer',
  'leads/lead-store',
  'notifications/index',
  'operators/(operators|operator-store|sessions|device-cookie|guard|login-limiter|hash-gate)',
  'privacy/retention',
  'meetings/(meeting-desk|meeting-token|busy-feeds)',
  'assistants/(assistant-tools|visit-token|vapi-chats)',
  'metrics/metrics',
];

module.exports = {
  forbidden: [
    {
      name: 'services-built-in-services',
      comment:
        'Every long-lived service is built once, in services.ts (decision 028): buildApp only registers routes with them, so it may name their types but import none of the modules that build them.',
      severity: 'error',
      from: { path: '^src/server/app\\.ts$' },
      to: { path: `^src/server/(${SERVICE_BUILDERS.join('|')})\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      comment: 'A circle of imports has no bottom: none of its files can be read, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-only-shared',
      comment: 'src/shared is used by page and server alike, so it can lean on nothing but itself.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(?!shared/)' },
    },
    {
      name: 'content-imports-shared-and-content',
      comment: 'src/content is what the operator edits: words and facts, over the shared rules only.',
      severity: 'error',
      from: { path: '^src/content/' },
      to: { path: '^src/(?!shared/|content/)' },
    },
    {
      name: 'ui-kit-stands-alone',
      comment: 'src/ui is the kit both front ends use: it knows neither of them, nor the server.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/(client|admin|server)/' },
    },
    {
      name: 'front-ends-apart',
      comment: 'The public pages and the inbox are separate bundles: neither imports the other.',
      severity: 'error',
      from: { path: '^src/(client|admin)/' },
      to: { path: '^src/(client|admin)/', pathNot: '^src/$1/' },
    },
    {
      name: 'pages-never-import-the-server',
      comment: 'Page code runs in the browser: nothing of the server (its secrets, Node APIs) may reach it.',
      severity: 'error',
      from: { path: '^src/(client|admin|ui)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-never-imports-pages',
      comment: 'The server renders no React; the prerender does (scripts/).',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(client|admin|ui)/' },
    },
    {
      name: 'testing-only-from-tests',
      comment: 'Test helpers (src/server/testing/) are for tests; the server ships without them.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['\\.test\\.tsx?$', '^src/server/testing/'] },
      to: { path: '^src/server/testing/' },
    },
    ...upward,
    {
      name: 'tools-on-their-own-floor',
      comment:
        'The tools (scripts/, bench/, faults/, deploy/) and the end-to-end tests share the browser and database helpers through tools/, never through each other: a bench run does not depend on a test file, nor a fault run on a bench.',
      severity: 'error',
      from: { path: '^(scripts|bench|faults|deploy|tools|e2e)/' },
      to: { path: '^(e2e|bench|faults)/', pathNot: '^$1/' },
    },
    {
      name: 'tools-below-the-tools',
      comment: 'tools/ is what the tools share: it leans on none of them.',
      severity: 'error',
      from: { path: '^tools/' },
      to: { path: '^(scripts|bench|faults|deploy|e2e)/' },
    },
    {
      name: 'no-orphans',
      comment: 'A file nothing imports is dead code or a missing test (entries and tests excepted).',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          '\\.test\\.tsx?$',
          '\\.d\\.ts$',
          '^src/server/main\\.ts$',
          // The image's healthcheck, which the Dockerfile runs.
          '^deploy/healthcheck\\.js$',
          COMMANDS,
          '^src/(client|admin)/entry[^/]*\\.tsx$',
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a type that runs up a layer ties the layers as much as a value does.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
