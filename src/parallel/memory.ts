// Where grid buffers are allocated: in shared memory while a band pool runs (so its workers
// write where the caller reads), in ordinary memory otherwise. Apart from threads.ts so the
// engine's buffer pool can use it without importing any kernel.
//
// While a pool runs, the engine's pooled grids live in one shared WebAssembly.Memory, the grid
// heap, that the kernels' heap modules import (src/kernels/wasm/heap-instance.ts): a kernel
// then reads its inputs and writes its output in place, where one on a SharedArrayBuffer of its
// own was copied into its module's memory and out again, a chunk at a time (two copies of every
// grid it touches). The heap is made once (when the first pool starts) and sent to each worker
// with the pool's control block. Its first page holds a tag (so any thread can tell a grid on
// the heap from its buffer, which postMessage hands over as an object of its own), the next
// free byte, and the heap modules' static data (HEAP_BASES); grids start at the second page.
// The heap never shrinks: it holds at most HEAP_GRID_BYTES of grids and none of HEAP_GRID_CELLS
// or more (beyond, grids are SharedArrayBuffers of their own, as before). Without
// SharedArrayBuffer (a page without cross-origin isolation) there is no pool and no heap, and
// the kernels copy as before.

let shared = false;

/** The heap's most pages (1 GB): the heap modules are compiled with this maximum. */
export const HEAP_PAGES = 16384;
/** Where each heap module's static data starts (below HEAP_FIRST_GRID; under 1 KB each). */
export const HEAP_BASES = { kernels: 1024, curve: 4096, distance: 8192, wind: 12288, noise: 16384, thermal: 20480, blur: 24576 } as const;
/** The first byte a grid or a thread's scratch may take. */
const HEAP_FIRST_GRID = 65536;
const PAGE = 65536;
/** Int32 words of the first page: the tag (0 … 3), the next free byte (4). */
const TAG_WORDS = 4;
const NEXT_FREE = 4;
/**
 * Bytes after every heap region that no one else's data starts in: a kernel reading a pair or
 * a vector of cells may read past a grid's last cell (it never writes past: see heap-instance.ts).
 */
const SLACK = 64;

let heap: WebAssembly.Memory | null = null;
/** The heap's maximum, in pages (gridHeap). */
let heapPages = HEAP_PAGES;
/** The heap's tag, as this thread knows it. */
let tag: Int32Array | null = null;
/** Buffers found on the heap or not (a worker is handed a new object for the heap's buffer with each message). */
const known = new WeakMap<ArrayBufferLike, boolean>();
/**
 * Bytes of the heap grids may take (beyond: SharedArrayBuffers of their own, as before), and the
 * most cells a grid on it may hold (a larger one, an export's or a build's, stays a
 * SharedArrayBuffer the GC gives back: the heap never shrinks). A curve edit at 1024² keeps some
 * 80 MB of grids on it; a 2048² export's would be 300 MB more for good.
 */
const HEAP_GRID_BYTES = 512 * 2 ** 20;
const HEAP_GRID_CELLS = 2048 * 2048 - 1;
/**
 * Free regions (bytes, SLACK included) in address order, neighbours merged; only the thread that
 * made the heap allocates grids. A grid takes the smallest that holds it (its front; the rest stays
 * free), so a region let go serves grids of any size: kept by exact size, the regions of a view
 * size or a halo no longer used stayed unused, and the heap, which never shrinks, grew for each new one.
 */
const freeRegions: { at: number; size: number }[] = [];
interface Region {
  readonly at: number;
  readonly size: number;
  /** The grid, while anything holds it. */
  readonly grid: WeakRef<object> | null;
}
/** Grids on the heap that are out, by their first byte. */
const out = new Map<number, Region>();
/** The same by their typed array. */
const live = new WeakMap<object, Region>();
/**
 * A heap grid no one gave back (a dropped engine's results) frees its region when collected:
 * here once the GC says so, or when the heap would grow (sweep, which finds it collected).
 */
const orphans = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry<Region>(freeRegion) : null;
/**
 * An ArrayBuffer as large as the heap's last growth, never touched (so it takes no memory), that
 * tells the GC memory was taken: the heap's own pages are invisible to it, and without this it
 * went twenty 1024² engines without collecting a dropped one's grids.
 */
let ballast: ArrayBuffer | null = null;

/** threads.ts: grids go to shared memory from now on (or no longer). */
export function shareGrids(on: boolean): void {
  shared = on;
}

/**
 * The grid heap, made on the first call where shared WebAssembly memory exists (null where it
 * does not: then grids are SharedArrayBuffers of their own). threads.ts sends it to each worker.
 */
export function gridHeap(): WebAssembly.Memory | null {
  if (heap) return heap;
  if (typeof SharedArrayBuffer !== 'function') return null;
  // The most the address space gives (a 32-bit browser, valgrind): 1 GB, else 512 or 256 MB.
  let made: WebAssembly.Memory | null = null;
  for (let pages = HEAP_PAGES; !made && pages >= HEAP_PAGES / 4; pages /= 2) {
    try {
      made = new WebAssembly.Memory({ initial: 2, maximum: pages, shared: true });
      heapPages = pages;
    } catch {
      made = null;
    }
  }
  if (!made) return null;
  const words = new Int32Array(made.buffer, 0, TAG_WORDS + 1);
  for (let i = 0; i < TAG_WORDS; i++) words[i] = (Math.random() * 2 ** 32) | 0;
  Atomics.store(words, NEXT_FREE, HEAP_FIRST_GRID);
  adoptHeap(made);
  return made;
}

/** A worker: the heap the pool's caller made (sent with the control block). */
export function adoptHeap(memory: WebAssembly.Memory): void {
  if (heap === memory) return;
  heap = memory;
  tag = new Int32Array(memory.buffer.slice(0, 4 * TAG_WORDS));
}

/** The heap as this thread knows it (null: none made or sent). */
export function heapMemory(): WebAssembly.Memory | null {
  return heap;
}

/** True when `buffer` is the grid heap's (any of its SharedArrayBuffer objects, on any thread). */
export function onHeap(buffer: ArrayBufferLike): boolean {
  if (!tag) return false;
  const seen = known.get(buffer);
  if (seen !== undefined) return seen;
  let is = isShared(buffer) && buffer.byteLength >= HEAP_FIRST_GRID;
  if (is) {
    const words = new Int32Array(buffer, 0, TAG_WORDS);
    for (let i = 0; i < TAG_WORDS; i++) if (words[i] !== tag[i]) is = false;
  }
  known.set(buffer, is);
  return is;
}

/** Takes `size` bytes off the heap's end (any thread), growing it; -1 when the heap is full. */
function bump(size: number): number {
  const memory = heap!;
  const words = new Int32Array(memory.buffer, 0, TAG_WORDS + 1);
  if (Atomics.load(words, NEXT_FREE) + size > heapPages * PAGE) return -1;
  const at = Atomics.add(words, NEXT_FREE, size);
  const end = at + size;
  const have = memory.buffer.byteLength;
  if (end <= have) return at;
  try {
    memory.grow(Math.ceil((end - have) / PAGE));
  } catch {
    return -1;
  }
  try {
    ballast = new ArrayBuffer(end - have);
  } catch {
    ballast = null;
  }
  return at;
}

/** Frees a region that is out (once: the FinalizationRegistry may come after releaseGrid or a sweep). */
function freeRegion(region: Region): void {
  if (out.get(region.at) !== region) return;
  out.delete(region.at);
  const { at, size } = region;
  // The first free region after this one.
  let i = 0;
  while (i < freeRegions.length && freeRegions[i].at < at) i++;
  const before = freeRegions[i - 1];
  const after = freeRegions[i];
  if (before && before.at + before.size === at) {
    before.size += size;
    if (after && at + size === after.at) {
      before.size += after.size;
      freeRegions.splice(i, 1);
    }
  } else if (after && at + size === after.at) {
    after.at = at;
    after.size += size;
  } else freeRegions.splice(i, 0, { at, size });
}

/** Frees the regions of grids the GC has collected (before the heap grows for want of one). */
function sweep(): void {
  for (const region of out.values()) if (region.grid && region.grid.deref() === undefined) freeRegion(region);
}

/** The front of the smallest free region of at least `size` bytes, or undefined. */
function takeRegion(size: number): number | undefined {
  let best = -1;
  for (let i = 0; i < freeRegions.length; i++) {
    const r = freeRegions[i];
    if (r.size >= size && (best < 0 || r.size < freeRegions[best].size)) best = i;
  }
  if (best < 0) return undefined;
  const r = freeRegions[best];
  const at = r.at;
  if (r.size === size) freeRegions.splice(best, 1);
  else {
    r.at += size;
    r.size -= size;
  }
  return at;
}

/** A grid of `length` entries on the heap, or null when it is too large or the heap is full. */
function heapGrid<T>(ctor: { new (buffer: SharedArrayBuffer, at: number, length: number): T; readonly BYTES_PER_ELEMENT: number }, length: number): T | null {
  if (length > HEAP_GRID_CELLS) return null;
  const size = Math.ceil((length * ctor.BYTES_PER_ELEMENT) / SLACK) * SLACK + SLACK;
  let at = takeRegion(size);
  if (at === undefined) {
    sweep();
    at = takeRegion(size);
  }
  if (at === undefined) {
    const words = new Int32Array(heap!.buffer, 0, TAG_WORDS + 1);
    // Grids take half the heap at most (a smaller heap's), HEAP_GRID_BYTES of a 1 GB one.
    // (No Math.min here: a call of it in this file made tsc type tests' point lists differently.)
    const most = HEAP_GRID_BYTES < (heapPages * PAGE) / 2 ? HEAP_GRID_BYTES : (heapPages * PAGE) / 2;
    if (Atomics.load(words, NEXT_FREE) + size > HEAP_FIRST_GRID + most) return null;
    at = bump(size);
  }
  if (at < 0) return null;
  const grid = new ctor(heap!.buffer as unknown as SharedArrayBuffer, at, length);
  const region: Region = { at, size, grid: typeof WeakRef === 'function' ? new WeakRef(grid as object) : null };
  out.set(at, region);
  live.set(grid as object, region);
  orphans?.register(grid as object, region, grid as object);
  return grid;
}

/**
 * A grid buffer of `length` entries, on a SharedArrayBuffer while a pool runs; with `pooled`
 * (the engine's BufferPool, which gives it back with releaseGrid when it lets it go) on the grid
 * heap while there is one.
 */
export function gridBuffer<T>(
  ctor: { new (length: number): T; new (buffer: SharedArrayBuffer): T; new (buffer: SharedArrayBuffer, at: number, length: number): T; readonly BYTES_PER_ELEMENT: number },
  length: number,
  pooled = false,
): T {
  if (!shared) return new ctor(length);
  if (pooled && heap && tag) {
    const grid = heapGrid(ctor, length);
    if (grid) return grid;
  }
  return new ctor(new SharedArrayBuffer(length * ctor.BYTES_PER_ELEMENT));
}

/**
 * A BufferPool gives `grid` back: a heap grid's region is taken by the next grid of its size, in
 * any pool (nothing may read or write it after), and true is returned. False for any other grid
 * (the pool keeps it).
 */
export function releaseGrid(grid: object): boolean {
  const region = live.get(grid);
  if (!region) return false;
  live.delete(grid);
  orphans?.unregister(grid);
  freeRegion(region);
  return true;
}

/** Regions of each thread's own scratch on the heap, by tag (heapScratch). */
const scratchRegions = new Map<string, { at: number; size: number }>();

/**
 * `bytes` of this thread's own on the heap for `tag` (a kernel's tables: several threads run the
 * same module on the heap at once), kept from call to call; -1 without room. Grown when a larger
 * one is asked (the old region is left: a thread asks for few).
 */
export function heapScratch(name: string, bytes: number): number {
  const have = scratchRegions.get(name);
  if (have && have.size >= bytes + SLACK) return have.at;
  if (!heap) return -1;
  let size = Math.ceil(bytes / SLACK) * SLACK + SLACK;
  if (have && 2 * have.size > size) size = 2 * have.size;
  if (size < 4096) size = 4096;
  const at = bump(size);
  if (at < 0) return -1;
  scratchRegions.set(name, { at, size });
  return at;
}

/** True while grids go to shared memory (a band pool runs). */
export function gridsShared(): boolean {
  return shared;
}

/** True when the buffer is shared memory (false wherever SharedArrayBuffer is not exposed, as on a page without cross-origin isolation). */
export function isShared(buffer: ArrayBufferLike): boolean {
  return typeof SharedArrayBuffer === 'function' && buffer instanceof SharedArrayBuffer;
}
