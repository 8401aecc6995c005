// Every built script and stylesheet compressed once, at build time, at the highest quality: brotli
// (`name.js.br`) and gzip (`name.js.gz`) beside each file, which the server sends as they are
// (@fastify/static's preCompressed) instead of compressing the file for every visitor at a lower
// quality (docs/decisions/025-assets-compressed-at-build.md). Their names carry their content's hash,
// so a copy never outlives its file. Fonts are compressed already.
import fs from 'node:fs';
import path from 'node:path';
import { compressors, PRECOMPRESSED_ASSET } from '../src/server/site/precompressed.ts';

/** Writes each asset's .br and .gz beside it; returns how many files were compressed. */
export async function compressAssets(dir: string): Promise<number> {
  const files = fs.readdirSync(dir).filter((name) => PRECOMPRESSED_ASSET.test(name));
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      const text = fs.readFileSync(file);
      const [br, gz] = await Promise.all([compressors.br(text), compressors.gzip(text)]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
    }),
  );
  return files.length;
}
