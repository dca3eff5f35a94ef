// A climate recipe's notes name only biomes its map holds: Kauai's promised "dry grass and desert"
// behind the slopes, and a worldbuilder looking for the desert found none (0 % of the land,
// subtropical or temperate); its claim counted grassland and desert together, which the grass
// alone met.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { measureGraph } from '../src/recipes/claims.ts';
import { loadGraph } from './helpers/graphs.ts';

/** Words a note may use for a family of biomes, and the Whittaker biomes of each. */
const FAMILIES: Record<string, (biome: string) => boolean> = {
  desert: (b) => b.endsWith('desert'),
  tundra: (b) => b === 'tundra',
  snow: (b) => b === 'snow',
  rainforest: (b) => b.endsWith('rainforest'),
  grass: (b) => b === 'grassland',
  shrub: (b) => b === 'shrubland',
};

describe("a climate recipe's notes", () => {
  const files = readdirSync('graphs').filter((f) => f.startsWith('climate-'));
  it.each(files)('%s names only biomes its map holds', (file) => {
    const graph = loadGraph(file);
    const land = measureGraph(graph).stats.land as Record<string, number>;
    // A biome named as absent ("no desert", "unlike …") is not a promise: only the note's first
    // sentence, which says what the map is, is read.
    const first = graph.notes.split(/\.\s/)[0].toLowerCase();
    for (const [word, family] of Object.entries(FAMILIES)) {
      if (!new RegExp(`\\b${word}`).test(first)) continue;
      const share = Object.entries(land).filter(([b]) => family(b)).reduce((s, [, v]) => s + v, 0);
      expect(share, `${file} says "${word}" in "${first}"`).toBeGreaterThan(0);
    }
  });
});
