// The values that travel along wires: a port type, the buffers, and what the numbers mean.

/** Port types. A wire joins equal types, and a terrain may also feed a field input (its heights). */
export type PortType = 'field' | 'terrain' | 'biome';

/** What an output's numbers mean, so previews and exports pick a fitting palette. */
export type Meaning =
  | 'height'
  | 'noise'
  | 'value'
  | 'unit'
  | 'distance'
  | 'rank'
  | 'temperature'
  | 'moisture'
  | 'air'
  | 'mask'
  | 'river'
  | 'lake'
  | 'biome';

/**
 * The two-valued meanings (cells 1 or 0) and what a person calls a cell of each value: the
 * water's mask, a flow's rivers. Readouts, legends and palettes word them from here.
 */
export const MASK_WORDS: Readonly<Partial<Record<Meaning, { readonly one: string; readonly zero: string; readonly lines?: true }>>> = {
  mask: { one: 'water', zero: 'land' },
  // Rivers are lines a cell wide: a small picture of them keeps a block's 1 when any of its cells is.
  river: { one: 'river', zero: 'no river', lines: true },
};

/**
 * Meanings whose 0 cells carry none of the quantity (a lake depth of 0: no lake), drawn apart from
 * the ramp (src/render/ramps.ts rampFor's `zero`), and what a person calls a cell that carries it
 * and one that does not. The histogram plots only the cells that carry it (a map almost all dry
 * land plotted as one bar of 0 and hairs of depth) and counts the others in rows of their own.
 */
export const ZERO_WORDS: Readonly<Partial<Record<Meaning, { readonly one: string; readonly zero: string }>>> = {
  lake: { one: 'lake', zero: 'no lake' },
};

/** True for a two-valued meaning whose 1 cells make lines a cell wide (rivers): kept when drawn smaller. */
export function isLines(meaning: Meaning): boolean {
  return MASK_WORDS[meaning]?.lines === true;
}

/**
 * How the viewer draws an output of this meaning over whatever layer it shows, as water: a river
 * layer's 1 cells as lines a cell wide, a lake layer's cells deeper than 0 (meaning 'lake': the
 * depth of water standing on land, in height units) as areas; null for the rest, which are
 * layers of their own. The overlay finds its outputs by this, never by a node's type.
 */
export function waterKind(meaning: Meaning): 'lines' | 'area' | null {
  if (isLines(meaning)) return 'lines';
  return meaning === 'lake' ? 'area' : null;
}

/** True for a meaning whose cells are 1 or 0 (MASK_WORDS). */
export function isMask(meaning: Meaning): boolean {
  return Object.hasOwn(MASK_WORDS, meaning);
}

/**
 * What values moved or averaged from an input of meaning `input` mean (a warp, a blur: they stay
 * within its range): the input's own, but a mask's 0 and 1 blend into 0 … 1; 'value' unwired.
 */
export function blendedMeaning(input: Meaning | null): Meaning {
  if (!input) return 'value';
  return isMask(input) ? 'unit' : input;
}

export interface FieldValue {
  readonly type: 'field';
  readonly meaning: Meaning;
  readonly data: Float32Array;
}

/** Heights together with the sea level and the sorted heights the level was read from. */
export interface TerrainValue {
  readonly type: 'terrain';
  readonly meaning: 'height';
  readonly data: Float32Array;
  /** Cells with height < seaLevel are water. */
  readonly seaLevel: number;
  /** Heights of the cut source (this grid, or the coarse world region), ascending. */
  readonly sorted: Float32Array;
  /** How many entries of `sorted` lie under water. */
  readonly waterCount: number;
  /**
   * For a view cut: order[j] is the cell holding the j-th smallest height of `data`, so a
   * cell's land rank needs no search. Null when the cut source is another grid.
   */
  readonly order: Uint32Array | null;
}

export interface BiomeValue {
  readonly type: 'biome';
  readonly meaning: 'biome';
  readonly data: Uint8Array;
  /**
   * Soft borders: up to SOFT_SLOTS biomes per cell with weights summing to 1 (cell i's slot s
   * is ids[i · SOFT_SLOTS + s], weights[i · SOFT_SLOTS + s]; unused slots weigh 0). Absent when
   * the borders are hard: then each cell is all its `data` biome.
   */
  readonly soft?: { readonly ids: Uint8Array; readonly weights: Float32Array };
}

/** Buffers whose contents never change again (see settleBuffer). */
const settled = new WeakSet<ArrayBufferLike>();

/**
 * Declares that nothing will write `buffer` again: the engine does so for the typed arrays of a
 * node's RunContext.shared value (each on a buffer of its own), which it never pools and nothing
 * may write. Whoever keeps what it derived from such an array (the rank's bucket table of the
 * water's sorted cut) may then trust the same array to hold the same values without comparing them.
 */
export function settleBuffer(buffer: ArrayBufferLike): void {
  settled.add(buffer);
}

/** True for a buffer declared by settleBuffer. */
export function isSettled(buffer: ArrayBufferLike): boolean {
  return settled.has(buffer);
}

/** Biomes per cell in a soft biome map. */
export const SOFT_SLOTS = 4;

export type Value = FieldValue | TerrainValue | BiomeValue;

/** Can an output of type `from` feed an input of type `to`? */
export function canConnect(from: PortType, to: PortType): boolean {
  return from === to || (from === 'terrain' && to === 'field');
}

/** Why a wire from `from` to `to` is refused, in words for a person; null when it is fine. */
export function connectRefusal(from: PortType, to: PortType): string | null {
  if (canConnect(from, to)) return null;
  if (from === 'field' && to === 'terrain') {
    return 'a terrain input needs a sea level: pass the heights through a Water level node first';
  }
  if (from === 'biome') return `a biome map holds category ids, not numbers: it cannot feed a ${to} input`;
  return `a ${from} output cannot feed a ${to} input`;
}

/**
 * A number in full for a person: String(v) with the true minus sign ("−1", not "-1"), as the
 * Region row and the world note write it. A command line keeps String(v): a shell needs '-'.
 */
export function numberText(v: number): string {
  return String(v).replace(/-/g, '−');
}

/** A number for a person: four decimals, or the size of the number when it is large. */
export function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return '−∞';
  const a = Math.abs(v);
  const text = a >= 100 ? v.toFixed(1) : a >= 10 ? v.toFixed(2) : v.toFixed(4);
  return text.replace('-', '−');
}

/**
 * What a person calls a field of each meaning: `a` after "made for" ("made for a temperature"),
 * `of` after a node's title ("Wind's air"). The words of a wire's warning (meaningWarning).
 */
export const MEANING_WORDS: Readonly<Record<Meaning, { readonly a: string; readonly of: string }>> = {
  height: { a: 'heights', of: 'heights' },
  noise: { a: 'a noise', of: 'noise' },
  value: { a: 'values', of: 'values' },
  unit: { a: 'values 0 … 1', of: 'values 0 … 1' },
  distance: { a: 'a coast distance', of: 'coast distance' },
  rank: { a: 'a land rank', of: 'land rank' },
  temperature: { a: 'a temperature', of: 'temperature' },
  moisture: { a: 'a moisture', of: 'moisture' },
  air: { a: 'the air’s humidity', of: 'air' },
  mask: { a: 'a water mask', of: 'water mask' },
  river: { a: 'rivers', of: 'rivers' },
  lake: { a: 'lake depths', of: 'lake depths' },
  biome: { a: 'biomes', of: 'biomes' },
};

/**
 * Meanings that say only what range the numbers keep, not what they are: a curve's, a combine's or
 * a blur's output (which carries its input's meaning only once evaluated). A wire of one of them may
 * feed any input without a warning: a curve of the temperature into the biomes' `temperature` is
 * what a person means.
 */
const ANY_MEANING: ReadonlySet<Meaning> = new Set<Meaning>(['value', 'unit']);

/**
 * True when an output of `meaning` wired into an input made for `takes` (InputSpec.takes) brings
 * something else (the wind's air into the biomes' `temperature`). An input without `takes` takes
 * any meaning; a wire of a meaning that says nothing of what it is (ANY_MEANING) fits any input.
 */
export function meaningMismatch(meaning: Meaning, takes: readonly Meaning[] | undefined): boolean {
  return !!takes?.length && !takes.includes(meaning) && !ANY_MEANING.has(meaning);
}
