import { describe, expect, it } from 'vitest';
import { SERVICES } from '../../shared/booking.ts';
import { roundTop, stackedBars } from './chart.ts';

describe("the overview's bars", () => {
  it('scale to a round, even top value, so the half-way line is a whole number too', () => {
    expect([0, 1, 2, 3, 5, 7, 9, 10, 11, 36, 140].map(roundTop)).toEqual([2, 2, 2, 4, 6, 8, 10, 10, 20, 40, 200]);
  });

  it('stack each day by service, bottom up in the catalogue order, to the height of its total', () => {
    const [support, conversion, calls] = ['Support Automation', 'Conversion Systems', 'Call Automation Systems'] as const;
    const { bars, top } = stackedBars(
      [
        { date: '2026-11-01', services: { [calls]: 1, [support]: 2 } },
        { date: '2026-11-02', services: {} },
        { date: '2026-11-03', services: { [conversion]: 4 } },
      ],
      SERVICES,
      100,
    );
    expect(top).toBe(4);
    expect(bars.map((b) => b.total)).toEqual([3, 0, 4]);
    expect(bars[0]?.segments).toEqual([
      { service: support, count: 2, y: 50, height: 50 },
      { service: calls, count: 1, y: 25, height: 25 },
    ]);
    expect(bars[1]?.segments).toEqual([]);
    expect(bars[2]?.segments).toEqual([{ service: conversion, count: 4, y: 0, height: 100 }]);
  });
});
