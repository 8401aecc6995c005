import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it("lets a caller's class replace the component's class of the same kind", () => {
    expect(cn('min-h-13 px-7 py-3 leading-snug', 'px-8 leading-normal')).toBe('min-h-13 py-3 px-8 leading-normal');
    expect(cn('bg-gradient-to-r from-indigo-600 to-cyan-700 text-white', 'to-cyan-600')).toBe(
      'bg-gradient-to-r from-indigo-600 text-white to-cyan-600',
    );
    expect(cn('disabled:opacity-50 bg-slate-800', 'disabled:opacity-100 bg-rose-600')).toBe(
      'disabled:opacity-100 bg-rose-600',
    );
    expect(cn('p-6', 'px-4')).toBe('p-6 px-4');
    expect(cn('px-4', 'p-6')).toBe('p-6');
  });

  it('keeps classes of different kinds, and skips the false ones', () => {
    expect(cn('text-sm text-slate-300', false, undefined, { 'text-white': false, 'mt-2': true })).toBe(
      'text-sm text-slate-300 mt-2',
    );
    expect(cn('hover:bg-slate-800', 'bg-slate-700')).toBe('hover:bg-slate-800 bg-slate-700');
  });

  // The small configuration must never drop a class that tailwind-merge's full one would keep.
  it('agrees with the full tailwind-merge on every pair of classes the page writes that it merges', () => {
    const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '../client/**/*.{ts,tsx}', '!./**/*.test.ts', '!../client/**/*.test.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const tokens = new Set<string>();
    for (const code of Object.values(sources)) {
      for (const [, text] of code.matchAll(/['"`]([^'"`]*)['"`]/g)) {
        for (const token of (text ?? '').split(/\s+/)) if (/^[a-z[-][\w:[\]\-./%=()&]*$/.test(token)) tokens.add(token);
      }
    }
    expect(tokens.size).toBeGreaterThan(300);
    const byVariant = new Map<string, string[]>();
    for (const t of tokens) {
      const variant = t.slice(0, t.lastIndexOf(':') + 1);
      byVariant.set(variant, [...(byVariant.get(variant) ?? []), t]);
    }
    const disagreements: string[] = [];
    for (const group of byVariant.values()) {
      for (const a of group) {
        for (const b of group) {
          const ours = cn(a, b);
          if (a !== b && ours !== `${a} ${b}` && ours !== twMerge(a, b)) disagreements.push(`${a} + ${b} → ${ours}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
