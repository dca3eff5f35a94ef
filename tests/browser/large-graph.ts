// A large valid graph for the load measure and the large-graph browser test: rows of an fBm
// feeding three chained curves, collapsed, laid out on a grid.

const ROW = 4;

/** A valid version-3 graph of `n` nodes: rows of an fBm feeding three chained curves. */
export function largeGraph(n: number): string {
  const nodes: unknown[] = [];
  const edges: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / ROW);
    const col = i % ROW;
    const id = `n${i}`;
    const position = [col * 200, row * 160];
    if (col === 0) nodes.push({ id, type: 'fbm', title: `Noise ${row}`, position, collapsed: true, params: { seed: row + 1, frequency: 2, octaves: 2, lacunarity: 2, gain: 0.5, kind: 'plain' } });
    else {
      nodes.push({ id, type: 'curve', title: `Curve ${i}`, position, collapsed: true, params: { points: [[-1, -1], [1, 1]] } });
      edges.push({ from: `n${i - 1}.out`, to: `${id}.in` });
    }
  }
  return JSON.stringify({ format: 'terrain-graph', version: 3, name: `${n} nodes`, notes: '', view: { x: 0, y: 0, size: 64 }, nodes, edges });
}

