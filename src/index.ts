// Terrain Graph as a library: read and write graph files, evaluate them, read the layers.

export { parseGraph, serializeGraph, type ParseOptions } from './model/format.ts';
export { GraphError, formatProblems, type Problem } from './model/problems.ts';
export { createEngine, Engine, type EngineOptions, type EvaluateOptions, type EvaluateReport, type NodeStatus, Stopped } from './engine/engine.ts';
export { BufferPool } from './engine/pool.ts';
export type { Graph, GraphNode, Edge, PortRef } from './model/graph.ts';
export type { Value, FieldValue, TerrainValue, BiomeValue, PortType, Meaning } from './model/values.ts';
export { NODE_TYPES, nodeDef } from '../nodes/index.ts';
export { BIOMES, biomeId } from './model/biomes.ts';
export { CURRENT_VERSION, FORMAT } from './model/migrations.ts';
export { viewDomain, WORLD_CUT_DOMAIN, type Domain, type View } from './grid.ts';
