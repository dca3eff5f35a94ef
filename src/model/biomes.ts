// Biome ids, names and colours. Ids are part of the raw export format (`.u8`): never renumber.

export const BIOMES = [
  { id: 0, name: 'ocean', color: [38, 72, 122] },
  { id: 1, name: 'snow', color: [248, 248, 248] },
  { id: 2, name: 'tundra', color: [188, 190, 168] },
  { id: 3, name: 'boreal forest', color: [66, 110, 84] },
  { id: 4, name: 'temperate desert', color: [212, 196, 142] },
  { id: 5, name: 'shrubland', color: [150, 160, 100] },
  { id: 6, name: 'temperate forest', color: [84, 150, 72] },
  { id: 7, name: 'temperate rainforest', color: [40, 120, 80] },
  { id: 8, name: 'subtropical desert', color: [232, 178, 104] },
  { id: 9, name: 'grassland', color: [170, 200, 96] },
  { id: 10, name: 'tropical seasonal forest', color: [120, 170, 40] },
  { id: 11, name: 'tropical rainforest', color: [20, 130, 40] },
  { id: 12, name: 'beach', color: [236, 222, 170] },
] as const;

export type BiomeName = (typeof BIOMES)[number]['name'];

export const OCEAN = 0;
export const BEACH = 12;

export const BIOME_NAMES: readonly BiomeName[] = BIOMES.map((b) => b.name);

const idByName = new Map<string, number>(BIOMES.map((b) => [b.name, b.id]));

/** The id of a biome name, or -1 when there is no such biome. */
export function biomeId(name: string): number {
  return idByName.get(name) ?? -1;
}

/** The names a Whittaker table cell may hold (every biome but ocean and beach, which the rules place). */
export const TABLE_BIOMES: readonly BiomeName[] = BIOME_NAMES.filter((n) => n !== 'ocean' && n !== 'beach');

/** Rows cold → hot, columns dry → wet (SPEC §2). Cold and wet gives snow, on purpose. */
export const DEFAULT_TABLE: readonly (readonly BiomeName[])[] = [
  ['tundra', 'tundra', 'snow', 'snow'],
  ['temperate desert', 'shrubland', 'boreal forest', 'boreal forest'],
  ['grassland', 'temperate forest', 'temperate forest', 'temperate rainforest'],
  ['subtropical desert', 'grassland', 'tropical seasonal forest', 'tropical rainforest'],
];

/** The Whittaker table's rows (temperature, cold → hot) and columns (moisture, dry → wet) in words. */
export const TEMPERATURE_ROWS = ['cold', 'cool', 'warm', 'hot'] as const;
export const MOISTURE_COLUMNS = ['dry', 'fairly dry', 'fairly wet', 'wet'] as const;
