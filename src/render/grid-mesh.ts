// The triangles over a square grid of vertices, row by row from the south (vertex r · side + c,
// the layout of src/grid.ts): one index buffer for the 3-D view (app/terrain-3d/scene.ts, which
// also draws a coarser one while the camera moves) and for the mesh export (land-mesh.ts).

/** The grid lines a mesh of every `stride`-th sample uses: 0, stride, 2·stride, …, and always the last. */
export function strideLines(side: number, stride: number): number[] {
  const lines: number[] = [];
  for (let j = 0; j < side - 1; j += stride) lines.push(j);
  lines.push(side - 1);
  return lines;
}

/**
 * Two triangles per grid square, wound counter-clockwise seen from above, over every
 * `stride`-th sample (1: every sample). A coarser index over the same vertices is the level of
 * detail drawn while the camera moves: software WebGL spends its time per triangle.
 */
export function gridIndices(side: number, stride = 1): Uint32Array {
  const lines = strideLines(side, stride);
  const m = lines.length;
  const out = new Uint32Array((m - 1) * (m - 1) * 6);
  let p = 0;
  for (let jr = 0; jr + 1 < m; jr++) {
    for (let jc = 0; jc + 1 < m; jc++) {
      const a = lines[jr] * side + lines[jc]; // south-west
      const b = lines[jr] * side + lines[jc + 1]; // south-east
      const d = lines[jr + 1] * side + lines[jc]; // north-west
      const e = lines[jr + 1] * side + lines[jc + 1]; // north-east
      // Seen from +y with z pointing south, south-west → south-east → north-west turns counter-clockwise.
      out[p++] = a;
      out[p++] = b;
      out[p++] = d;
      out[p++] = b;
      out[p++] = e;
      out[p++] = d;
    }
  }
  return out;
}
