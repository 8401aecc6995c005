// zod as every module the pages load takes it. In a browser the page's Content-Security-Policy forbids
// building functions from strings, so zod's compiled fast path could never run there; left alone, zod
// still probes for it (a caught `new Function("")` while the first object schema is built), and the
// browser reports that probe as a policy violation. `jitless` skips the probe. It is set here, before any
// schema exists, because a schema decides at construction whether it may compile. On the server (no
// `document`) zod keeps its compiled parsers.
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
