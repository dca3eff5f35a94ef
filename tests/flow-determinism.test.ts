// Erosion, thermal erosion, flow, fluvial erosion and soft borders give the same bits in a fresh Node process.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { flowDigest } from './helpers/flow-digest.ts';

describe('erosion, flow, fluvial erosion and soft borders in another process', () => {
  it('give the same bits in a fresh Node process as here', () => {
    const here = flowDigest(83);
    const there = execFileSync(process.execPath, ['--import', 'tsx', 'tests/helpers/flow-digest.ts', '83'], { encoding: 'utf8' }).trim();
    expect(there).toMatch(/^[0-9a-f]{64}$/);
    expect(there).toBe(here);
  });
});
