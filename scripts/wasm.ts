// `npm run wasm`: compiles src/kernels/wasm/kernels.as.ts into src/kernels/wasm/binary.ts.
import { writeFileSync } from 'node:fs';
import { BINARY_PATH, binaryModuleText, compileKernels } from '../src/kernels/wasm/compile.ts';

const binary = await compileKernels();
writeFileSync(BINARY_PATH, binaryModuleText(binary));
console.log(`${BINARY_PATH}: ${binary.length} bytes of WebAssembly`);
