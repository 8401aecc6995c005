// Which of the bundler's warnings fail the build: those about the code (an unresolved import, a chunk
// too large, an ineffective dynamic import), never those about the machine. Rolldown reports its
// plugins' share of a slow build (`[PLUGIN_TIMINGS]`, "JavaScript callbacks ran for 2.9s of this 4.6s
// build (62%) … @tailwindcss/vite"): the same commit builds clean on a quiet machine and warns on a
// busy or small one, so that notice is shown and not counted.

/** The notices that tell how fast this machine built, not what is wrong with the code. */
const ABOUT_THE_MACHINE = /\[(PLUGIN|BUNDLER)_TIMINGS\]|\b(PLUGIN|BUNDLER)_TIMINGS\b/;

export function isAboutTheCode(message: string): boolean {
  return !ABOUT_THE_MACHINE.test(message);
}
