// A number param's slider scale: the log mapping's round trip, its ends, the step a drag lands
// on and the keys, and which manifests may ask for it.
import { describe, expect, it } from 'vitest';
import { NODE_TYPES } from '../nodes/index.ts';
import { fbm } from '../nodes/fbm.ts';
import { thermal } from '../nodes/thermal.ts';
import type { IntParam, NumberParam } from '../src/model/params.ts';
import { fromFraction, fromPosition, keyedValue, snap, toFraction, toPosition, TRACK } from '../src/app/param/slider-scale.ts';

const frequency = fbm.params.frequency as NumberParam;
const iterations = thermal.params.iterations as IntParam;
const linear: NumberParam = { ...frequency, scale: undefined };
const fromZero: NumberParam = { kind: 'number', default: 0.01, min: 0, max: 0.25, step: 0.001, scale: 'log', doc: '' };

describe('a log slider', () => {
  it('puts the middle of the track at the geometric middle of a range above 0', () => {
    expect(fromFraction(frequency, 0.5)).toBeCloseTo(Math.sqrt(0.05 * 64), 9);
    // Each tenth of the track multiplies the value by the same factor.
    const ratio = fromFraction(frequency, 0.2) / fromFraction(frequency, 0.1);
    expect(fromFraction(frequency, 0.9) / fromFraction(frequency, 0.8)).toBeCloseTo(ratio, 9);
    // The newcomer's useful 1…8 is about a third of the track, not a tenth.
    expect(toFraction(frequency, 8) - toFraction(frequency, 1)).toBeGreaterThan(0.28);
    expect(toFraction(linear, 8) - toFraction(linear, 1)).toBeLessThan(0.12);
  });

  it('maps its ends to the range ends, and values outside to the nearest end', () => {
    for (const spec of [frequency, fromZero, iterations]) {
      expect(fromFraction(spec, 0)).toBe(spec.min);
      expect(fromFraction(spec, 1)).toBeCloseTo(spec.max, 9);
      expect(toFraction(spec, spec.min)).toBe(0);
      expect(toFraction(spec, spec.max)).toBeCloseTo(1, 12);
      expect(toFraction(spec, spec.max * 10)).toBeCloseTo(1, 12);
      expect(toFraction(spec, spec.min - 1)).toBe(0);
      expect(fromPosition(spec, 0)).toBe(spec.min);
      expect(fromPosition(spec, TRACK)).toBe(spec.max);
    }
  });

  it('round-trips a value through the track, and every position lands on a step', () => {
    for (const spec of [frequency, fromZero, iterations]) {
      for (let i = 0; i <= 50; i++) {
        const t = i / 50;
        expect(toFraction(spec, fromFraction(spec, t))).toBeCloseTo(t, 9);
      }
      const step = spec.kind === 'int' ? 1 : spec.step;
      for (let p = 0; p <= TRACK; p += 7) {
        const v = fromPosition(spec, p);
        const steps = (v - spec.min) / step;
        expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-6);
        expect(String(v).length).toBeLessThan(10); // 0.15, not 0.15000000000000002
        // The thumb goes back to (about) where it was dropped: within the step there.
        expect(Math.abs(fromPosition(spec, toPosition(spec, v)) - v)).toBeLessThanOrEqual(step);
      }
    }
  });

  it('keeps a value typed off the step where it is (the mapping is the slider only)', () => {
    expect(fromFraction(frequency, toFraction(frequency, 1.234))).toBeCloseTo(1.234, 9);
    expect(snap(frequency, 1.234)).toBe(1.25);
  });

  it('rises from 0 without a jump when its minimum is 0', () => {
    expect(fromFraction(fromZero, 0.001)).toBeGreaterThan(0);
    expect(fromFraction(fromZero, 0.001)).toBeLessThan(fromZero.step);
    // The default 0.01 of 0…0.25 sits in the middle part of the track, not at its first 4 %.
    expect(toFraction(fromZero, 0.01)).toBeGreaterThan(0.3);
  });

  it('moves by keys along the log scale, at least a step, never past the ends', () => {
    const up = keyedValue(frequency, 2, 'ArrowRight')!;
    expect(up).toBeGreaterThan(2);
    expect(up).toBeLessThan(2.2);
    // A Page key moves ten arrows' worth: about the same factor low and high on the track.
    expect(keyedValue(frequency, 1, 'PageUp')! / 1).toBeCloseTo(keyedValue(frequency, 16, 'PageUp')! / 16, 1);
    expect(keyedValue(frequency, 16, 'PageDown')).toBeLessThan(16);
    // Where 1 % of the track is less than a step, a press still moves one step.
    expect(keyedValue(frequency, 0.05, 'ArrowUp')).toBe(0.1);
    expect(keyedValue(frequency, 0.1, 'ArrowDown')).toBe(0.05);
    expect(keyedValue(iterations, 0, 'ArrowUp')).toBe(1);
    expect(keyedValue(frequency, 64, 'ArrowUp')).toBe(64);
    expect(keyedValue(frequency, 0.05, 'PageDown')).toBe(0.05);
    expect(keyedValue(frequency, 3, 'Home')).toBe(0.05);
    expect(keyedValue(frequency, 3, 'End')).toBe(64);
    expect(keyedValue(frequency, 3, 'a')).toBeUndefined();
  });
});

it('a linear slider keeps the plain mapping', () => {
  expect(fromFraction(linear, 0.5)).toBeCloseTo((0.05 + 64) / 2, 9);
  expect(toFraction(linear, 32.025)).toBeCloseTo(0.5, 9);
});

it('every log-scaled param of the catalogue has a range a log scale can spread (min ≥ 0 < max)', () => {
  const logs: string[] = [];
  for (const def of NODE_TYPES) {
    for (const [key, spec] of Object.entries(def.params)) {
      if ((spec.kind !== 'number' && spec.kind !== 'int') || spec.scale !== 'log') continue;
      logs.push(`${def.type}.${key}`);
      expect(spec.min, `${def.type}.${key}`).toBeGreaterThanOrEqual(0);
      expect(spec.max, `${def.type}.${key}`).toBeGreaterThan(spec.min);
    }
  }
  expect(logs).toContain('fbm.frequency');
});
