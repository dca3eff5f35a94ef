// Entry of a build worker thread: the engine is TypeScript, so register tsx here as
// bin/terrain-graph.mjs does for the command, then load the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
