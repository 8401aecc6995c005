/** Set by Vite at build time (vite.config.ts). */
declare const __BUILD_YEAR__: number;
