// `npm run wasm`: compiles each AssemblyScript module in src/kernels/wasm/ into its binary file.
import { writeFileSync } from 'node:fs';
import { WASM_MODULES, binaryModuleText, compileModule } from '../src/kernels/wasm/compile.ts';

for (const m of WASM_MODULES) {
  const binary = await compileModule(m);
  writeFileSync(m.binary, binaryModuleText(m, binary));
  console.log(`${m.binary}: ${binary.length} bytes of WebAssembly`);
}
