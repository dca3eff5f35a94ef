// The radix sort of Float32 heights, shared by two modules: kernels.as.ts (argsort: every
// value, for the water level and the land's rank) and flood.as.ts (the land's heights, from
// which the flood takes its priorities), and the key helpers of kernels.as.ts's 11-bit sort.
//
// Not TypeScript and not a module of its own: compile.ts compiles it into each module that
// imports it. Everything here is inlined, so a module carries only what it calls, and a flag
// that is constant at the call leaves no branch behind. No static data (the heap builds of
// kernels.as.ts read it at their own offsets, and the flood's memory is its thread's).

/** In `placeAt`, a value the land sort left out: below the sea level, or NaN. */
export const LEFT_OUT: i32 = -2;

/**
 * Sorts Float32 values ascending, stably (ties in index order): the sorted values to
 * `sortedAt`, the index holding each to `orderAt`. Returns the count sorted.
 *
 * With `landOnly`, only the values at or above `seaLevel` are sorted (NaN is not, as `>=` is
 * false: a third of a map is sea, which the flood never orders), and each value's place among
 * them goes to the Int32 at `placeAt` (LEFT_OUT for the others). Without, every value is sorted,
 * NaN included, and `placeAt` is not read.
 *
 * Float bits are made unsigned-sortable (negatives: all bits inverted; positives: the sign bit
 * set), then two passes of 16 bits, both digits counted in one pass. The first pass carries each
 * key with its index, 8 bytes a value, so the second reads one sequential stream. Two passes of
 * 16 bits beat three of 11 (measured 0.67 against 0.74 ms at 256², 3.5 against 4.3 ms at 512²).
 * `tableAt`: two tables of 65,536 counts; `pairsAt`: 8 bytes a value sorted.
 */
// @ts-ignore: decorator
@inline export function radixArgsort(n: i32, valuesAt: usize, landOnly: bool, seaLevel: f64, sortedAt: usize, orderAt: usize, placeAt: usize, tableAt: usize, pairsAt: usize): i32 {
  const lo = tableAt;
  const hi = tableAt + (65536 << 2);
  memory.fill(lo, 0, 65536 << 3);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const bits = load<u32>(word(valuesAt, i));
    if (landOnly && !(<f64>reinterpret<f32>(bits) >= seaLevel)) {
      store<i32>(word(placeAt, i), LEFT_OUT);
      continue;
    }
    const k = sortableKey(bits);
    bump(word(lo, k & 0xffff));
    bump(word(hi, k >>> 16));
    count++;
  }
  let sumLo: u32 = 0;
  let sumHi: u32 = 0;
  for (let d = 0; d < 65536; d++) {
    sumLo = startOf(word(lo, d), sumLo);
    sumHi = startOf(word(hi, d), sumHi);
  }
  // The keys are made again from the values rather than kept: less memory, and no slower.
  for (let i = 0; i < n; i++) {
    const bits = load<u32>(word(valuesAt, i));
    if (landOnly && !(<f64>reinterpret<f32>(bits) >= seaLevel)) continue;
    const k = sortableKey(bits);
    const at = bump(word(lo, k & 0xffff));
    store<u64>(pairsAt + (<usize>at << 3), (<u64>i << 32) | <u64>k);
  }
  for (let j = 0; j < count; j++) {
    const p = load<u64>(pairsAt + (<usize>j << 3));
    const k = <u32>p;
    const i = <u32>(p >>> 32);
    const at = bump(word(hi, k >>> 16));
    store<u32>(word(orderAt, at), i);
    store<u32>(word(sortedAt, at), floatBits(k));
    if (landOnly) store<u32>(word(placeAt, i), at);
  }
  return count;
}

/** The address of 32-bit word j from `at`. */
// @ts-ignore: decorator
@inline export function word(at: usize, j: u32): usize {
  return at + (<usize>j << 2);
}

/** A count's slot: its value, then one more (a radix pass's next place for its digit). */
// @ts-ignore: decorator
@inline export function bump(slot: usize): u32 {
  const at = load<u32>(slot);
  store<u32>(slot, at + 1);
  return at;
}

/** A digit's count turned into where its run starts (the sum of those before): the next sum. */
// @ts-ignore: decorator
@inline export function startOf(slot: usize, sum: u32): u32 {
  const count = load<u32>(slot);
  store<u32>(slot, sum);
  return sum + count;
}

/** A Float32's bits as an unsigned key in the float's order: negatives inverted, positives with the sign bit set. */
// @ts-ignore: decorator
@inline export function sortableKey(bits: u32): u32 {
  return bits ^ (<u32>(<i32>bits >> 31) | 0x80000000);
}

/** Back from a sortable key to the float's bits. */
// @ts-ignore: decorator
@inline export function floatBits(k: u32): u32 {
  return k & 0x80000000 ? k ^ 0x80000000 : ~k;
}
