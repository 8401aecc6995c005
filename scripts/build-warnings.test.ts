import { describe, expect, it } from 'vitest';
import { isAboutTheCode } from './build-warnings.ts';

describe("the build's warnings", () => {
  it('count those about the code, and not the notice of a slow machine', () => {
    expect(isAboutTheCode('[PLUGIN_TIMINGS] Warning: Your build spent significant time in plugins. JavaScript callbacks ran for 2.9s of this 4.6s build (62%) … @tailwindcss/vite')).toBe(false);
    expect(isAboutTheCode('[BUNDLER_TIMINGS] Warning: JavaScript callbacks ran for 3.1s')).toBe(false);
    expect(isAboutTheCode('[UNRESOLVED_IMPORT] Could not resolve "./missing.ts" in src/client/main.tsx')).toBe(true);
    expect(isAboutTheCode('(!) Some chunks are larger than 500 kB after minification.')).toBe(true);
  });
});
