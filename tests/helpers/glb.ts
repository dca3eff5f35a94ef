// A glTF binary read back and checked against the glTF 2.0 specification, written apart from
// the writer (src/render/glb.ts) so the two do not share a mistake: the header, the two chunks
// and their lengths, every buffer view inside the BIN chunk on a 4-byte boundary, every
// accessor inside its view with the min and max it declares, every index naming a vertex.
import { expect } from 'vitest';

const TYPE_SIZE: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4 };
const COMPONENT_BYTES: Record<number, number> = { 5126: 4, 5125: 4, 5123: 2, 5121: 1 };

export interface ReadGlb {
  /** The JSON chunk, parsed (any: the test reads what the file says, whatever its shape). */
  readonly json: any;
  readonly bin: Uint8Array;
  /** An accessor's values (a copy). */
  accessor(index: number): Float32Array | Uint32Array;
  /** The mesh of the node named `name`: its attributes and indices. */
  mesh(name: string): { positions: Float32Array; normals: Float32Array; uvs: Float32Array | null; indices: Uint32Array; material: number; extras: Record<string, unknown> | undefined };
  /** The bytes of image `k`. */
  image(k: number): Uint8Array;
}

export function readGlb(file: Uint8Array): ReadGlb {
  // A copy that owns its buffer: a Node Buffer is a view into a shared pool, and its slice() shares it.
  const bytes = new Uint8Array(file);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(dv.getUint32(0, true), 'magic "glTF"').toBe(0x46546c67);
  expect(dv.getUint32(4, true), 'container version').toBe(2);
  expect(dv.getUint32(8, true), 'header length = file length').toBe(bytes.length);
  const jsonLength = dv.getUint32(12, true);
  expect(dv.getUint32(16, true), 'first chunk is JSON').toBe(0x4e4f534a);
  expect(jsonLength % 4, 'JSON chunk padded to 4').toBe(0);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
  const binAt = 20 + jsonLength;
  const binLength = dv.getUint32(binAt, true);
  expect(dv.getUint32(binAt + 4, true), 'second chunk is BIN').toBe(0x004e4942);
  expect(binLength % 4, 'BIN chunk padded to 4').toBe(0);
  expect(binAt + 8 + binLength, 'the chunks fill the file').toBe(bytes.length);
  const bin = bytes.subarray(binAt + 8, binAt + 8 + binLength);

  expect(json.asset.version).toBe('2.0');
  expect(json.buffers).toHaveLength(1);
  expect(json.buffers[0].uri, 'the glb buffer has no uri').toBeUndefined();
  expect(json.buffers[0].byteLength).toBeLessThanOrEqual(binLength);
  for (const v of json.bufferViews) {
    expect(v.buffer).toBe(0);
    expect(v.byteOffset % 4, 'buffer view on a 4-byte boundary').toBe(0);
    expect(v.byteOffset + v.byteLength).toBeLessThanOrEqual(json.buffers[0].byteLength);
  }

  const accessor = (index: number): Float32Array | Uint32Array => {
    const a = json.accessors[index];
    const view = json.bufferViews[a.bufferView];
    const size = TYPE_SIZE[a.type];
    const bytesPer = COMPONENT_BYTES[a.componentType];
    expect(size && bytesPer, `accessor ${index}'s type`).toBeTruthy();
    const start = view.byteOffset + (a.byteOffset ?? 0);
    expect(start % bytesPer).toBe(0);
    expect((a.byteOffset ?? 0) + a.count * size * bytesPer, `accessor ${index} inside its view`).toBeLessThanOrEqual(view.byteLength);
    const raw = bin.slice(start, start + a.count * size * bytesPer);
    const values = a.componentType === 5126 ? new Float32Array(raw.buffer) : new Uint32Array(raw.buffer);
    if (a.min || a.max) {
      const min = new Array(size).fill(Infinity);
      const max = new Array(size).fill(-Infinity);
      for (let i = 0; i < values.length; i++) {
        min[i % size] = Math.min(min[i % size], values[i]);
        max[i % size] = Math.max(max[i % size], values[i]);
      }
      expect(a.min, `accessor ${index}'s min`).toEqual(min);
      expect(a.max, `accessor ${index}'s max`).toEqual(max);
    }
    return values;
  };

  for (const m of json.meshes) {
    for (const p of m.primitives) {
      expect(p.mode ?? 4, 'triangles').toBe(4);
      expect(json.accessors[p.attributes.POSITION].min, 'POSITION declares min and max').toBeDefined();
      const count = json.accessors[p.attributes.POSITION].count;
      for (const name of Object.keys(p.attributes)) expect(json.accessors[p.attributes[name]].count, `${name} per vertex`).toBe(count);
      const indices = accessor(p.indices);
      let top = 0;
      for (let i = 0; i < indices.length; i++) if (indices[i] > top) top = indices[i];
      expect(top, 'every index names a vertex').toBeLessThan(count);
    }
  }

  return {
    json,
    bin,
    accessor,
    mesh(name) {
      const node = json.nodes.find((n: { name: string }) => n.name === name);
      expect(node, `a node "${name}"`).toBeDefined();
      const p = json.meshes[node.mesh].primitives[0];
      return {
        positions: accessor(p.attributes.POSITION) as Float32Array,
        normals: accessor(p.attributes.NORMAL) as Float32Array,
        uvs: p.attributes.TEXCOORD_0 === undefined ? null : (accessor(p.attributes.TEXCOORD_0) as Float32Array),
        indices: accessor(p.indices) as Uint32Array,
        material: p.material,
        extras: node.extras,
      };
    },
    image(k) {
      const view = json.bufferViews[json.images[k].bufferView];
      return bin.slice(view.byteOffset, view.byteOffset + view.byteLength);
    },
  };
}
