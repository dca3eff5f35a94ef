// The land under a layer for the 3-D view, on the page: the worker computes it
// (src/render/relief.ts); the page and its tests read the same functions from here.

export * from '../render/relief.ts';
