// Compiles the AssemblyScript modules to WebAssembly with the pinned AssemblyScript (a dev
// dependency): `npm run wasm` writes each result into its binary file, and a test checks the
// two still agree.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEAP_BASES, HEAP_PAGES } from '../../parallel/memory.ts';

export interface WasmModuleFiles {
  /** The AssemblyScript source (the entry: the files it imports are found beside it). */
  readonly source: string;
  /** The generated TypeScript module holding the binary as base64. */
  readonly binary: string;
  /** The name of the exported base64 constant. */
  readonly constant: string;
  /**
   * For the grid heap's build of a module (src/parallel/memory.ts): where its static data starts
   * in the heap's first page. It then imports the heap (env.memory, shared, HEAP_PAGES at most)
   * instead of owning a memory, so its kernels read and write the engine's grids in place.
   */
  readonly heapBase?: number;
}

const here = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url));

/**
 * The modules: the cell kernels (kept under 4 KB so a page may compile them synchronously),
 * the curve, and the noise, the distance transform's column pass, the wind and the cellular search, each
 * on its own so every module stays under that limit.
 */
export const WASM_MODULES: readonly WasmModuleFiles[] = [
  { source: here('kernels.as.ts'), binary: here('binary.ts'), constant: 'KERNELS_WASM_BASE64' },
  { source: here('curve.as.ts'), binary: here('curve-binary.ts'), constant: 'CURVE_WASM_BASE64' },
  // The same two, the distance transform and the wind on the grid heap (the noise's below) (heap-instance.ts): static data at their own offsets.
  { source: here('kernels.as.ts'), binary: here('kernels-heap-binary.ts'), constant: 'KERNELS_HEAP_WASM_BASE64', heapBase: HEAP_BASES.kernels },
  { source: here('curve.as.ts'), binary: here('curve-heap-binary.ts'), constant: 'CURVE_HEAP_WASM_BASE64', heapBase: HEAP_BASES.curve },
  { source: here('distance.as.ts'), binary: here('distance-heap-binary.ts'), constant: 'DISTANCE_HEAP_WASM_BASE64', heapBase: HEAP_BASES.distance },
  { source: here('wind.as.ts'), binary: here('wind-heap-binary.ts'), constant: 'WIND_HEAP_WASM_BASE64', heapBase: HEAP_BASES.wind },
  { source: here('noise.as.ts'), binary: here('noise-binary.ts'), constant: 'NOISE_WASM_BASE64' },
  { source: here('noise.as.ts'), binary: here('noise-heap-binary.ts'), constant: 'NOISE_HEAP_WASM_BASE64', heapBase: HEAP_BASES.noise },
  { source: here('distance.as.ts'), binary: here('distance-binary.ts'), constant: 'DISTANCE_WASM_BASE64' },
  { source: here('wind.as.ts'), binary: here('wind-binary.ts'), constant: 'WIND_WASM_BASE64' },
  { source: here('cellular.as.ts'), binary: here('cellular-binary.ts'), constant: 'CELLULAR_WASM_BASE64' },
  { source: here('thermal.as.ts'), binary: here('thermal-binary.ts'), constant: 'THERMAL_WASM_BASE64' },
  // Thermal erosion's bands on the grid heap: each thread reads and writes the two grids of heights in place.
  { source: here('thermal.as.ts'), binary: here('thermal-heap-binary.ts'), constant: 'THERMAL_HEAP_WASM_BASE64', heapBase: HEAP_BASES.thermal },
  // The blur's boxes on the grid heap (blur-instance.ts): each band reads and writes the grids in place.
  { source: here('blur.as.ts'), binary: here('blur-heap-binary.ts'), constant: 'BLUR_HEAP_WASM_BASE64', heapBase: HEAP_BASES.blur },
  // Hydraulic erosion's droplets (hydraulic-instance.ts): its own memory, one thread.
  { source: here('hydraulic.as.ts'), binary: here('hydraulic-binary.ts'), constant: 'HYDRAULIC_WASM_BASE64' },
  // The flow's Priority-Flood and accumulation (flood-instance.ts): its own memory on every thread.
  { source: here('flood.as.ts'), binary: here('flood-binary.ts'), constant: 'FLOOD_WASM_BASE64' },
  // The build's PNG encoding (src/build/png.as.ts).
  { source: here('../../build/png.as.ts'), binary: here('../../build/png-binary.ts'), constant: 'PNG_WASM_BASE64' },
];

/**
 * A compiled module: no runtime, no imports, no asserts, one exported memory; or, with a
 * heapBase, the grid heap imported as its memory (shared, at most HEAP_PAGES pages).
 */
export async function compileModule(m: WasmModuleFiles): Promise<Uint8Array> {
  const asc = (await import('assemblyscript/asc')).default;
  // asc's command line: the options as flags (compileString would turn an options object into
  // these, but it makes every file an entry, whose exports the module would then export too).
  const heap =
    m.heapBase === undefined
      ? ['--enable', 'simd']
      : // zeroFilledMemory: no data segment of zeros (such as the curve's ABOVE table), which
        // every instantiation (a worker's first call) would write again; the heap's first page
        // starts zeroed (memory.ts). No heap kernel writes its static memory at run time either:
        // a table a kernel fills goes in its thread's own heap scratch (grid-heap.test checks).
        ['--enable', 'simd,threads', '--importMemory', '--noExportMemory', '--sharedMemory', '--zeroFilledMemory', '--initialMemory', '1', '--maximumMemory', String(HEAP_PAGES), '--memoryBase', String(m.heapBase)];
  // The source is the one entry file; a file it imports (`from './radix.as'`: kernels.as.ts and
  // flood.as.ts share their sort) is read beside it.
  const dir = dirname(m.source);
  const read = (name: string) =>
    name === 'module.ts' ? readFileSync(m.source, 'utf8') : name.endsWith('.as.ts') && existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : null;
  const out: Record<string, string | Uint8Array> = {};
  const stderr = asc.createMemoryStream();
  const result = await asc.main(
    ['module.ts', '--outFile', 'binary', '--optimizeLevel', '3', '--shrinkLevel', '0', '--runtime', 'stub', '--noAssert', '--use', 'abort=', ...heap],
    { readFile: read, writeFile: (name, contents) => void (out[name] = contents), listFiles: () => [], stderr },
  );
  const binary = out.binary;
  if (result.error || !(binary instanceof Uint8Array)) throw new Error(`${m.source} does not compile:\n${stderr.toString()}`);
  return binary;
}

/** The binary file's text for a compiled module. */
export function binaryModuleText(m: WasmModuleFiles, binary: Uint8Array): string {
  const base64 = Buffer.from(binary).toString('base64');
  const lines = base64.match(/.{1,100}/g) ?? [];
  const name = m.source.split('/').pop();
  return [
    `// Generated by \`npm run wasm\` from ${name}: do not edit. tests/wasm.test.ts checks it.`,
    `export const ${m.constant} =\n${lines.map((l) => `  '${l}'`).join(' +\n')};`,
    '',
  ].join('\n');
}
