// The 3-D view's geometry without three.js: where each vertex of the land sits, where the
// layer's picture lands on it, and which point of the land a ray from the camera meets. Pure,
// so the mesh and the hover are tested in Node.
//
// Scene axes: x east, y up, z south; the view's 1 × 1 square spans −½ … ½ on x and z, so the
// default camera, south of the land looking north, sees the map the right way up.

/** The heights the mesh draws: side × side samples (row 0 = south) of an n × n view. */
export interface ReliefSamples {
  readonly side: number;
  readonly heights: Float32Array;
  /** The view cell each column (and row) samples. */
  readonly cells: Uint32Array;
  readonly n: number;
  readonly min: number;
  readonly max: number;
  readonly seaLevel: number | null;
}

/**
 * Scene units per height unit at 1× exaggeration. Heights span about −1 … 1 across a view one
 * unit wide; a quarter of that reads as hills and mountains without turning them into spikes.
 */
export const HEIGHT_SCALE = 0.25;

/** The exaggeration slider's range and step. */
export const EXAGGERATION_MIN = 0.25;
export const EXAGGERATION_MAX = 4;

/**
 * The lowest the orbit goes: 65° from straight down, the camera 25° above the land's plane. At
 * 0.49π (three.js OrbitControls' maxPolarAngle, which clamps the camera's polar angle) a drag
 * reached the horizon, where the sea plane and the land's flanks under it filled the view; Gaea
 * keeps the camera above the land, looking down on it.
 */
export const ORBIT_MAX_POLAR = (65 / 180) * Math.PI;
/**
 * OrbitControls' rotateSpeed: a drag of d pixels on a canvas h high turns the camera
 * 2π · rotateSpeed · d / h, up and down as around (its default, 1, tilted 120° for a third of the
 * canvas: from the home view to the horizon in a 60-px drag on the 512-px map). At ½ a third of
 * the canvas tilts 60°, about the whole range from straight down to ORBIT_MAX_POLAR, and a drag
 * across the canvas turns the land half round.
 */
export const ORBIT_ROTATE_SPEED = 0.5;

/** The camera's tilt, in radians, for a vertical drag of `pixels` on a canvas `height` pixels high (OrbitControls' rule). */
export function orbitTilt(pixels: number, height: number): number {
  return (2 * Math.PI * ORBIT_ROTATE_SPEED * pixels) / height;
}

/** The height drawn at y = 0: the sea level, else the lowest height. */
export function baseHeight(relief: ReliefSamples): number {
  return relief.seaLevel ?? relief.min;
}

/** Scene x (or, for rows, −z) of the centre of view cell `cell` of n. */
export function cellCentre(cell: number, n: number): number {
  return (cell + 0.5) / n - 0.5;
}

/** Writes x, y, z of every vertex (row 0 = south first) into `out` (3 · side² floats). */
export function writePositions(relief: ReliefSamples, exaggeration: number, out: Float32Array): void {
  const { side, heights, cells, n } = relief;
  if (out.length !== side * side * 3) throw new Error(`writePositions: ${out.length} floats for a ${side}² grid`);
  const base = baseHeight(relief);
  const k = HEIGHT_SCALE * exaggeration;
  for (let r = 0, p = 0; r < side; r++) {
    const z = -cellCentre(cells[r], n);
    for (let c = 0; c < side; c++, p += 3) {
      out[p] = cellCentre(cells[c], n);
      out[p + 1] = (heights[r * side + c] - base) * k;
      out[p + 2] = z;
    }
  }
}

/**
 * Texture coordinates of every vertex: the picture is drawn north up (its first row is the
 * north row) and uploaded as it is, so v = 0 is the north edge.
 */
export function writeUvs(relief: ReliefSamples, out: Float32Array): void {
  const { side, cells, n } = relief;
  for (let r = 0, p = 0; r < side; r++) {
    const v = 1 - (cells[r] + 0.5) / n;
    for (let c = 0; c < side; c++, p += 2) {
      out[p] = (cells[c] + 0.5) / n;
      out[p + 1] = v;
    }
  }
}

/** The mesh's height (scene y) at scene (x, z), between its samples. */
export function surfaceY(relief: ReliefSamples, exaggeration: number, x: number, z: number): number {
  const { side, heights } = relief;
  const fc = Math.max(0, Math.min(side - 1, (x + 0.5) * side - 0.5));
  const fr = Math.max(0, Math.min(side - 1, (0.5 - z) * side - 0.5));
  const c0 = Math.min(side - 2, Math.floor(fc));
  const r0 = Math.min(side - 2, Math.floor(fr));
  if (side < 2) return (heights[0] - baseHeight(relief)) * HEIGHT_SCALE * exaggeration;
  const tc = fc - c0;
  const tr = fr - r0;
  const h00 = heights[r0 * side + c0];
  const h01 = heights[r0 * side + c0 + 1];
  const h10 = heights[(r0 + 1) * side + c0];
  const h11 = heights[(r0 + 1) * side + c0 + 1];
  const h = (h00 * (1 - tc) + h01 * tc) * (1 - tr) + (h10 * (1 - tc) + h11 * tc) * tr;
  return (h - baseHeight(relief)) * HEIGHT_SCALE * exaggeration;
}

type Vec = readonly [number, number, number];

/**
 * The first point where a ray meets the land (or the sea's surface, which hides the land
 * under it), as scene (x, z); null when it misses. It marches across the land's box in steps
 * of half a sample and refines the crossing by bisection: no triangle test of 130 000 triangles.
 */
export function pickRelief(origin: Vec, dir: Vec, relief: ReliefSamples, exaggeration: number): { x: number; z: number } | null {
  const k = HEIGHT_SCALE * exaggeration;
  const base = baseHeight(relief);
  const yLo = Math.min(0, (relief.min - base) * k);
  const yHi = Math.max(0, (relief.max - base) * k);
  // The ray's stretch inside the box x, z ∈ [−½, ½], y ∈ [yLo, yHi] (slab method).
  let t0 = 0;
  let t1 = Infinity;
  const lo = [-0.5, yLo, -0.5];
  const hi = [0.5, yHi, 0.5];
  for (let a = 0; a < 3; a++) {
    if (Math.abs(dir[a]) < 1e-12) {
      if (origin[a] < lo[a] || origin[a] > hi[a]) return null;
      continue;
    }
    let ta = (lo[a] - origin[a]) / dir[a];
    let tb = (hi[a] - origin[a]) / dir[a];
    if (ta > tb) [ta, tb] = [tb, ta];
    t0 = Math.max(t0, ta);
    t1 = Math.min(t1, tb);
  }
  if (!(t0 <= t1)) return null;
  const water = relief.seaLevel !== null;
  const above = (t: number) => {
    const x = origin[0] + dir[0] * t;
    const z = origin[2] + dir[2] * t;
    const y = origin[1] + dir[1] * t;
    const ground = surfaceY(relief, exaggeration, x, z);
    return y - (water ? Math.max(ground, 0) : ground);
  };
  const horizontal = Math.hypot(dir[0], dir[2]);
  const step = Math.min(horizontal > 1e-9 ? 0.5 / relief.side / horizontal : Infinity, (yHi - yLo || 1) / relief.side / Math.max(Math.abs(dir[1]), 1e-9));
  let prev = t0;
  if (above(prev) <= 0) return at(prev);
  for (let t = t0 + step; ; t += step) {
    const tt = Math.min(t, t1);
    if (above(tt) <= 0) {
      let a = prev;
      let b = tt;
      for (let j = 0; j < 24; j++) {
        const m = (a + b) / 2;
        if (above(m) > 0) a = m;
        else b = m;
      }
      return at(b);
    }
    if (tt >= t1) return null;
    prev = tt;
  }

  function at(t: number) {
    const x = origin[0] + dir[0] * t;
    const z = origin[2] + dir[2] * t;
    return x >= -0.5 && x <= 0.5 && z >= -0.5 && z <= 0.5 ? { x, z } : null;
  }
}

/** The world point of scene (x, z) on a view with origin (vx, vy). */
export function sceneToWorld(x: number, z: number, view: { readonly x: number; readonly y: number }): { x: number; y: number } {
  return { x: view.x + x + 0.5, y: view.y + 0.5 - z };
}

/**
 * True when a picture `width` pixels wide is draped on a canvas `canvasPx` device pixels wide
 * at under two screen pixels a picture pixel (the land fills most of the canvas from the home
 * view, its far half foreshortened about two to one): there a one-pixel river covers less than a
 * screen pixel and fades into the land, so the drape's water is widened (widenWater). At
 * 1024 × 700 (a 256-pixel canvas, a 256² picture) it is; at 1600 × 1000 (512 pixels) it is not
 * for a 256² view, but is for a 512² view or larger (a 512² picture on 512 pixels).
 */
export function widens(width: number, canvasPx: number): boolean {
  return width * 2 > canvasPx;
}
