// The 3-D view's three.js scene: the land as a lit mesh draped with the layer's picture, the
// sea as a translucent plane at the sea level, orbit controls for mouse and touch, and a
// marker on the hovered cell. Loaded on demand (a dynamic import), so the editor's first
// paint never pays for three.js. It draws only when something changed: no render loop.

import {
  AmbientLight,
  BufferAttribute,
  BufferGeometry,
  Color,
  DataTexture,
  DirectionalLight,
  DoubleSide,
  LinearFilter,
  LinearMipmapLinearFilter,
  Mesh,
  MeshBasicMaterial,
  MeshLambertMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  RGBAFormat,
  Scene,
  SphereGeometry,
  SRGBColorSpace,
  Vector2,
  Vector3,
  WebGLRenderer,
  Raycaster,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { Image } from '../../worker/protocol.ts';
import type { Rgb } from '../../render/ramps.ts';
import { widenWater } from '../../render/rivers.ts';
import { gridIndices } from '../../render/grid-mesh.ts';
import { ORBIT_MAX_POLAR, ORBIT_ROTATE_SPEED, pickRelief, type ReliefSamples, surfaceY, widens, writePositions, writeUvs } from './mesh.ts';

/** Where the camera starts: south of the land, looking north and down at about 40°. */
const HOME = new Vector3(0, 1.02, 1.26);
const LAND_COLOR = new Color(0xb8b0a0);
/**
 * While the camera moves, a mesh of every fourth sample (at most 64² vertices, 8 000
 * triangles) at half the pixels is drawn when the full mesh took longer than a 60 Hz frame:
 * software WebGL spends ~1.2 µs per triangle, so the full 256² mesh takes ~160 ms a frame
 * there. A GPU draws the full mesh in time and never sees the coarse one. The full mesh
 * returns when the camera stops.
 *
 * The full mesh's cost is only known once the GPU finished the frame, which a read of one
 * pixel waits for. I used to read after every full frame, at rest too (an edit, a new drape, the
 * hover marker): each read stalled the page until the GPU was done (~160 ms on software WebGL,
 * "GPU stall due to ReadPixels" in Chromium's console). Now the first full frame of each camera
 * gesture is timed, which is when the level is chosen, and every frame when `measure` is on.
 */
const COARSE_STRIDE = 4;
const FRAME_BUDGET_MS = 16;

export class TerrainScene {
  readonly renderer: WebGLRenderer;
  readonly camera: PerspectiveCamera;
  readonly controls: OrbitControls;
  /** Milliseconds of each render (with the GPU's work when `measure` is on), newest last. */
  readonly frameMs: number[] = [];
  /** Waits for the GPU after each render so frameMs counts its work (the speed script). */
  measure = false;
  private readonly scene = new Scene();
  private readonly land: Mesh<BufferGeometry, MeshLambertMaterial>;
  private readonly sea: Mesh<PlaneGeometry, MeshLambertMaterial>;
  private readonly marker: Mesh<SphereGeometry, MeshBasicMaterial>;
  private relief: ReliefSamples | null = null;
  private exaggeration = 1;
  private texture: DataTexture | null = null;
  /** The picture draped and its water colour, kept to drape again when the canvas's size changes. */
  private drape: { image: Image; water: Rgb | null } | null = null;
  /** True when the drape's water was widened (widens). */
  private widened = false;
  private frame = 0;
  private readonly pixel = new Uint8Array(4);
  /** The full and the coarse index over the same vertices, and whether the camera is moving. */
  private fullIndex: BufferAttribute | null = null;
  private coarseIndex: BufferAttribute | null = null;
  private moving = false;
  private side = 1;
  private dpr = 1;
  /** The last timed render of the full mesh, in ms (waiting for the GPU): decides the level while moving. */
  private fullMs = 0;
  /** True from the start of a camera gesture until a full frame of it has been timed. */
  private timeFull = false;
  private readonly listeners = new Set<() => void>();

  constructor(canvas: HTMLCanvasElement) {
    this.renderer = new WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer: true });
    this.renderer.setClearColor(0x1b1f24);
    this.camera = new PerspectiveCamera(40, 1, 0.01, 20);
    this.camera.position.copy(HOME);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.target.set(0, 0, 0);
    this.controls.maxPolarAngle = ORBIT_MAX_POLAR;
    this.controls.rotateSpeed = ORBIT_ROTATE_SPEED;
    this.controls.minDistance = 0.15;
    this.controls.maxDistance = 4;
    this.controls.screenSpacePanning = false;
    this.controls.addEventListener('change', () => this.requestRender());
    this.controls.addEventListener('start', () => {
      this.moving = true;
      this.timeFull = true;
    });
    this.controls.addEventListener('end', () => {
      this.moving = false;
      this.requestRender();
    });
    this.controls.update();

    this.scene.add(new AmbientLight(0xffffff, 1.1));
    // From the north-west and high, as the map's hill-shading is lit.
    const sun = new DirectionalLight(0xffffff, 2.2);
    sun.position.set(-1, 1.4, -1);
    this.scene.add(sun);

    this.land = new Mesh(new BufferGeometry(), new MeshLambertMaterial({ color: LAND_COLOR }));
    this.scene.add(this.land);
    this.sea = new Mesh(new PlaneGeometry(1, 1), new MeshLambertMaterial({ color: 0x2f6fae, transparent: true, opacity: 0.55, side: DoubleSide, depthWrite: false }));
    this.sea.rotation.x = -Math.PI / 2;
    this.sea.visible = false;
    this.scene.add(this.sea);
    this.marker = new Mesh(new SphereGeometry(0.008, 12, 8), new MeshBasicMaterial({ color: 0xffe14d }));
    this.marker.visible = false;
    this.scene.add(this.marker);
  }

  /** Calls back after each render (the element reads the camera then). */
  onRender(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The canvas's side in CSS pixels. */
  setSize(side: number): void {
    this.side = side;
    this.dpr = Math.min(globalThis.devicePixelRatio || 1, 2);
    this.renderer.setPixelRatio(this.dpr);
    this.renderer.setSize(side, side, false);
    this.camera.aspect = 1;
    this.camera.updateProjectionMatrix();
    // The water is widened or not by the picture's size against the canvas's: redrape when that changed.
    const drape = this.drape;
    if (drape?.water && widens(drape.image.width, side * this.dpr) !== this.widened) this.setDrape(drape.image, drape.water);
    this.requestRender();
  }

  /**
   * New heights: written into the mesh's buffers in place when the grid keeps its side (a
   * curve drag), new buffers only when the side changes (another resolution).
   */
  setRelief(relief: ReliefSamples | null): void {
    this.relief = relief;
    const geometry = this.land.geometry;
    if (!relief || relief.side < 2) {
      this.land.visible = false;
      this.sea.visible = false;
      this.requestRender();
      return;
    }
    const count = relief.side * relief.side;
    let position = geometry.getAttribute('position') as BufferAttribute | undefined;
    if (!position || position.count !== count) {
      position = new BufferAttribute(new Float32Array(count * 3), 3);
      geometry.setAttribute('position', position);
      geometry.setAttribute('normal', new BufferAttribute(new Float32Array(count * 3), 3));
      geometry.setAttribute('uv', new BufferAttribute(new Float32Array(count * 2), 2));
      this.fullIndex = new BufferAttribute(gridIndices(relief.side), 1);
      this.coarseIndex = new BufferAttribute(gridIndices(relief.side, COARSE_STRIDE), 1);
      geometry.setIndex(this.fullIndex);
      this.fullMs = 0;
    }
    writeUvs(relief, (geometry.getAttribute('uv') as BufferAttribute).array as Float32Array);
    geometry.getAttribute('uv').needsUpdate = true;
    this.writeHeights();
    this.land.visible = true;
    this.sea.visible = relief.seaLevel !== null;
    this.requestRender();
  }

  setExaggeration(k: number): void {
    if (k === this.exaggeration) return;
    this.exaggeration = k;
    if (this.relief && this.land.visible) this.writeHeights();
    this.requestRender();
  }

  /**
   * The layer's picture as the map draws it, copied (the page hands its buffers back to the
   * worker). `water` is the colour its rivers and lakes were drawn in (Detail.water): widened by
   * a pixel where the land shows fewer screen pixels than the picture has (widens).
   */
  setDrape(image: Image | null, water: Rgb | null = null): void {
    this.drape = image && { image, water };
    const material = this.land.material;
    if (!image) {
      material.map = null;
      material.color.copy(LAND_COLOR);
      material.needsUpdate = true;
      this.requestRender();
      return;
    }
    const bytes = new Uint8Array(image.rgba.slice(0));
    this.widened = !!water && widens(image.width, this.side * this.dpr);
    if (this.widened) widenWater(bytes, image.width, water!);
    let texture = this.texture;
    if (!texture || texture.image.width !== image.width || texture.image.height !== image.height) {
      texture?.dispose();
      texture = new DataTexture(bytes, image.width, image.height, RGBAFormat);
      texture.colorSpace = SRGBColorSpace;
      texture.magFilter = LinearFilter;
      // Seen from the home view the land's far half is foreshortened about two to one: without
      // mipmaps a one-cell river there was sampled at every other cell and broke into dots
      // that crawled as the land turned. Trilinear mipmaps alone blur those rows; anisotropic
      // filtering (three.js' Texture.anisotropy, up to what the GPU offers) samples along the
      // foreshortening and keeps them sharp.
      texture.minFilter = LinearMipmapLinearFilter;
      texture.generateMipmaps = true;
      texture.anisotropy = this.renderer.capabilities.getMaxAnisotropy();
      this.texture = texture;
    } else {
      texture.image.data = bytes;
    }
    texture.needsUpdate = true;
    if (material.map !== texture) {
      material.map = texture;
      material.color.set(0xffffff);
      material.needsUpdate = true;
    }
    this.requestRender();
  }

  /** Puts the marker on scene point (x, z) of the land, or hides it. */
  setMarker(at: { x: number; z: number } | null): void {
    const relief = this.relief;
    this.marker.visible = !!at && !!relief;
    if (at && relief) {
      const y = surfaceY(relief, this.exaggeration, at.x, at.z);
      this.marker.position.set(at.x, relief.seaLevel !== null ? Math.max(y, 0) : y, at.z);
    }
    this.requestRender();
  }

  /** The point of the land under a canvas point (CSS pixels from its top-left), as scene (x, z). */
  pick(px: number, py: number, side: number): { x: number; z: number } | null {
    if (!this.relief || !this.land.visible) return null;
    const ray = new Raycaster();
    ray.setFromCamera(new Vector2((px / side) * 2 - 1, 1 - (py / side) * 2), this.camera);
    const o = ray.ray.origin;
    const d = ray.ray.direction;
    return pickRelief([o.x, o.y, o.z], [d.x, d.y, d.z], this.relief, this.exaggeration);
  }

  /** Back to the starting camera. */
  home(): void {
    this.camera.position.copy(HOME);
    this.controls.target.set(0, 0, 0);
    this.controls.update();
  }

  /** Renders in the next animation frame (several changes in one task render once). */
  requestRender(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /** True when the frame just drawn used the coarse mesh. */
  get coarse(): boolean {
    return this.land.geometry.index === this.coarseIndex && this.coarseIndex !== null;
  }

  /** Renders now; returns the milliseconds it took. */
  render(): number {
    const geometry = this.land.geometry;
    const coarse = this.moving && this.fullMs > FRAME_BUDGET_MS && this.coarseIndex !== null;
    const index = coarse ? this.coarseIndex : this.fullIndex;
    if (index && geometry.index !== index) geometry.setIndex(index);
    // Fewer pixels too while moving: software WebGL also pays for every pixel shaded.
    const ratio = coarse ? this.dpr / 2 : this.dpr;
    if (this.renderer.getPixelRatio() !== ratio) {
      this.renderer.setPixelRatio(ratio);
      this.renderer.setSize(this.side, this.side, false);
    }
    const start = performance.now();
    this.renderer.render(this.scene, this.camera);
    // The first full frame of a gesture is timed to the GPU's end: it decides the level.
    const timeFull = !coarse && this.moving && this.timeFull && this.land.visible;
    if (this.measure || timeFull) {
      // Reading a pixel back waits for the GPU (here, the CPU rendering) to finish the frame.
      const gl = this.renderer.getContext();
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, this.pixel);
    }
    const ms = performance.now() - start;
    if (timeFull || (this.measure && !coarse && this.land.visible)) {
      this.fullMs = ms;
      this.timeFull = false;
    }
    this.frameMs.push(ms);
    if (this.frameMs.length > 600) this.frameMs.splice(0, this.frameMs.length - 600);
    for (const l of [...this.listeners]) l();
    return ms;
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.controls.dispose();
    this.land.geometry.dispose();
    this.land.material.dispose();
    this.sea.geometry.dispose();
    this.sea.material.dispose();
    this.marker.geometry.dispose();
    this.marker.material.dispose();
    this.texture?.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.listeners.clear();
  }

  private writeHeights(): void {
    const relief = this.relief!;
    const geometry = this.land.geometry;
    const position = geometry.getAttribute('position') as BufferAttribute;
    writePositions(relief, this.exaggeration, position.array as Float32Array);
    position.needsUpdate = true;
    geometry.computeVertexNormals();
    geometry.computeBoundingSphere();
  }
}
