// A small glTF 2.0 binary (.glb) writer: meshes of float attributes and 32-bit indices, their
// materials and PNG images, in one JSON chunk and one BIN chunk. Pure and deterministic: the
// same arrays give the same bytes in Node and in a worker, so the command line and the editor
// write one file.
//
// I did not use three.js' GLTFExporter (three/examples/jsm/exporters/GLTFExporter.js): in Node
// 20 its binary output stops on `FileReader is not defined` and a texture on `document is not
// defined` (it draws images on a canvas to encode them), and in a worker it encodes the PNG
// with the browser's canvas, whose bytes the command line could not reproduce. The subset a
// height field needs is a page of code.

/** glTF's component types and buffer targets (glTF 2.0 §3.6). */
const FLOAT = 5126;
const UNSIGNED_INT = 5125;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;
/** Chunk types: the ASCII of "JSON" and "BIN\0", read little-endian. */
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;
const GLB_MAGIC = 0x46546c67; // "glTF"

/** One triangle mesh: a node of the scene with one primitive. */
export interface GlbMeshInput {
  readonly name: string;
  /** x, y, z per vertex, metres (glTF: y up, right-handed). */
  readonly positions: Float32Array;
  /** Unit normals, x, y, z per vertex. */
  readonly normals: Float32Array;
  /** u, v per vertex (v = 0 is the image's first row), or none. */
  readonly uvs?: Float32Array;
  /** Three vertex indices per triangle, counter-clockwise seen from its front. */
  readonly indices: Uint32Array;
  readonly material: number;
  /** Free-form data kept on the node (Blender shows it as custom properties). */
  readonly extras?: Readonly<Record<string, unknown>>;
}

/** A metal-free, fully rough material: a colour factor, or a PNG as its base colour. */
export interface GlbMaterialInput {
  readonly name: string;
  /** Index of an image added with `image`; its colours are sRGB. */
  readonly baseColorImage?: number;
  /** Linear RGBA; alpha below 1 makes the material blend (a translucent sea). */
  readonly baseColor?: readonly [number, number, number, number];
  readonly doubleSided?: boolean;
}

type Json = Record<string, unknown>;

/** Builds one .glb: add images, materials and meshes, then take `bytes()`. */
export class GlbWriter {
  private readonly accessors: Json[] = [];
  private readonly bufferViews: Json[] = [];
  private readonly images: Json[] = [];
  private readonly materials: Json[] = [];
  private readonly meshes: Json[] = [];
  private readonly nodes: Json[] = [];
  private readonly parts: Uint8Array[] = [];
  private length = 0;

  constructor(private readonly generator: string) {}

  /** Adds a PNG; returns the index a material's baseColorImage names. */
  image(png: Uint8Array): number {
    this.images.push({ bufferView: this.view(png), mimeType: 'image/png' });
    return this.images.length - 1;
  }

  /** Adds a material; returns its index. */
  material(m: GlbMaterialInput): number {
    const pbr: Json = { metallicFactor: 0, roughnessFactor: 1 };
    // An image's texture has the same index as the image: one texture per image, one sampler.
    if (m.baseColorImage !== undefined) pbr.baseColorTexture = { index: m.baseColorImage };
    if (m.baseColor) pbr.baseColorFactor = [...m.baseColor];
    const json: Json = { name: m.name, pbrMetallicRoughness: pbr };
    if (m.baseColor && m.baseColor[3] < 1) json.alphaMode = 'BLEND';
    if (m.doubleSided) json.doubleSided = true;
    this.materials.push(json);
    return this.materials.length - 1;
  }

  /** Adds a mesh as a node of the scene. */
  mesh(m: GlbMeshInput): void {
    const vertices = m.positions.length / 3;
    if (!Number.isInteger(vertices) || m.normals.length !== m.positions.length || (m.uvs && m.uvs.length !== vertices * 2)) {
      throw new Error(`glb mesh "${m.name}": ${m.positions.length} position, ${m.normals.length} normal and ${m.uvs?.length ?? 0} uv floats do not describe ${vertices} vertices`);
    }
    if (m.indices.length % 3 !== 0) throw new Error(`glb mesh "${m.name}": ${m.indices.length} indices is not whole triangles`);
    const attributes: Json = {
      POSITION: this.accessor(m.positions, 'VEC3', ARRAY_BUFFER),
      NORMAL: this.accessor(m.normals, 'VEC3', ARRAY_BUFFER),
    };
    if (m.uvs) attributes.TEXCOORD_0 = this.accessor(m.uvs, 'VEC2', ARRAY_BUFFER);
    const indices = this.accessor(m.indices, 'SCALAR', ELEMENT_ARRAY_BUFFER);
    this.meshes.push({ name: m.name, primitives: [{ attributes, indices, material: m.material, mode: 4 }] });
    this.nodes.push({ name: m.name, mesh: this.meshes.length - 1, ...(m.extras ? { extras: m.extras } : {}) });
  }

  /** The file: a 12-byte header, the JSON chunk (padded with spaces), the BIN chunk (padded with zeros). */
  bytes(): Uint8Array {
    const json: Json = {
      asset: { version: '2.0', generator: this.generator },
      scene: 0,
      scenes: [{ nodes: this.nodes.map((_, k) => k) }],
      nodes: this.nodes,
      meshes: this.meshes,
      materials: this.materials,
      ...(this.images.length
        ? {
            // Linear magnification, trilinear minification, clamped at the edges: a map, not a tile.
            samplers: [{ magFilter: 9729, minFilter: 9987, wrapS: 33071, wrapT: 33071 }],
            textures: this.images.map((_, k) => ({ sampler: 0, source: k })),
            images: this.images,
          }
        : {}),
      accessors: this.accessors,
      bufferViews: this.bufferViews,
      buffers: [{ byteLength: this.length }],
    };
    const text = new TextEncoder().encode(JSON.stringify(json));
    const jsonLength = pad4(text.length);
    const total = 12 + 8 + jsonLength + 8 + this.length;
    if (total > 0xffffffff) throw new Error(`the mesh would make a ${(total / 2 ** 30).toFixed(1)} GB file; a .glb holds at most 4 GB: choose a smaller mesh size`);
    const out = new Uint8Array(total);
    const dv = new DataView(out.buffer);
    dv.setUint32(0, GLB_MAGIC, true);
    dv.setUint32(4, 2, true);
    dv.setUint32(8, total, true);
    dv.setUint32(12, jsonLength, true);
    dv.setUint32(16, CHUNK_JSON, true);
    out.set(text, 20);
    out.fill(0x20, 20 + text.length, 20 + jsonLength);
    let p = 20 + jsonLength;
    dv.setUint32(p, this.length, true);
    dv.setUint32(p + 4, CHUNK_BIN, true);
    p += 8;
    // Each part was padded to 4 bytes as it was added; the zeros between are the array's own.
    for (const part of this.parts) {
      out.set(part, p);
      p += pad4(part.length);
    }
    return out;
  }

  /** A buffer view over a copy of `bytes`, starting on a 4-byte boundary (glTF §3.6.2.4). */
  private view(bytes: Uint8Array, target?: number): number {
    this.bufferViews.push({ buffer: 0, byteOffset: this.length, byteLength: bytes.length, ...(target ? { target } : {}) });
    this.parts.push(bytes);
    this.length += pad4(bytes.length);
    return this.bufferViews.length - 1;
  }

  /** An accessor over a whole array, with its min and max per component (required for POSITION). */
  private accessor(data: Float32Array | Uint32Array, type: 'SCALAR' | 'VEC2' | 'VEC3', target: number): number {
    const size = type === 'SCALAR' ? 1 : type === 'VEC2' ? 2 : 3;
    const min = new Array<number>(size).fill(Infinity);
    const max = new Array<number>(size).fill(-Infinity);
    for (let i = 0; i < data.length; i += size) {
      for (let k = 0; k < size; k++) {
        const v = data[i + k];
        if (v < min[k]) min[k] = v;
        if (v > max[k]) max[k] = v;
      }
    }
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const bufferView = this.view(bytes, target);
    this.accessors.push({ bufferView, componentType: data instanceof Float32Array ? FLOAT : UNSIGNED_INT, count: data.length / size, type, min, max });
    return this.accessors.length - 1;
  }
}

/** n rounded up to a multiple of 4 (arithmetic, not `& ~3`, which wraps past 2 GB). */
function pad4(n: number): number {
  return Math.ceil(n / 4) * 4;
}
