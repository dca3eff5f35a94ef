// The compare pin kept across a reload, beside the tab's draft (files.ts keeps the graph,
// saved-history.ts its undo steps): a live pin as what it pins (node, port, style, rivers), drawn
// again after the reload; a frozen one with its picture too, the "before" no graph holds any
// more, compressed (PNG's "up" filter, then raw deflate, in base64: a 512² picture of shaded
// heights is about 640 000 characters, a biome map 23 000). A picture larger than PIN_CHARS is
// kept at half its side, and half again, down to PIN_MIN_SIDE; past that, or when the storage
// refuses it, the record says so and the reload tells the person the pin was not kept. A record
// that does not read back (hand-edited, cut short) is dropped with a message: the viewer opens
// without a pin, never broken. No DOM: CompressionStream runs in Node too.

import { type KeyValueStore, PIN_PREFIX } from '../editor/files.ts';
import { checksum, pipeBytes, toBase64 } from '../editor/packed.ts';
import type { Meaning, PortType } from '../model/values.ts';
import { isValidNodeId } from '../model/validate.ts';
import type { LayerHistogram } from '../render/histogram.ts';
import { type Compare, type LeftGraph, type Pin, type PinnedPicture, pinName, type RestoredPin } from './compare.ts';
import { fields } from './settings.ts';

export const PIN_FORMAT = 'terrain-graph-pin';
/** The record's version: a record of another version is dropped, with a message. */
export const PIN_VERSION = 1;
/**
 * Characters a kept pin may take: as many as a tab's saved undo history (saved-history.ts), a
 * fifth of what Chromium gives a site's localStorage. A 512² picture of shaded heights fits
 * whole; a 1024² one is kept at 512².
 */
export const PIN_CHARS = 1024 * 1024;
/** The smallest side a frozen picture is halved to, to fit PIN_CHARS. */
export const PIN_MIN_SIDE = 64;

/** What the keeper reads of the viewer's compare pin. */
export type PinState = Pick<Compare, 'pin' | 'frozen' | 'picture' | 'split' | 'left'>;

/** A frozen picture as kept: its side, the side it was drawn at, its pixels packed, their checksum. */
export interface PackedPicture {
  readonly side: number;
  readonly from: number;
  readonly data: string;
  readonly sum: number;
}

/** Why a frozen pin's picture is not in its record. */
type Lost = 'none' | 'size' | 'storage';

/** What a tab's record brings back. */
export type KeptPinRead =
  | { readonly kind: 'none' }
  /** `note`: what the person should know (the picture came back smaller), or null. */
  | { readonly kind: 'pin'; readonly pin: RestoredPin; readonly packed: PackedPicture | null; readonly note: string | null }
  /** Not brought back: why, for a person. */
  | { readonly kind: 'dropped'; readonly message: string };

// ── the picture's bytes ──────────────────────────────────────────────────────────────────

/**
 * RGBA pixels, side × side, packed: each row less the row above (PNG's "up" filter, which halves
 * what deflate leaves of shaded heights: 481 KB against 698 KB at 512²), raw deflate, base64.
 */
export async function packPicture(rgba: Uint8Array | Uint8ClampedArray, side: number): Promise<string> {
  const row = side * 4;
  const up = new Uint8Array(rgba.length);
  for (let i = 0; i < rgba.length; i++) up[i] = (rgba[i] - (i >= row ? rgba[i - row] : 0)) & 255;
  const packed = await pipeBytes(up, new CompressionStream('deflate-raw'));
  return toBase64(packed);
}

/** The pixels packPicture packed, or an Error saying why they do not read back. */
export async function unpackPicture(data: string, side: number): Promise<Uint8ClampedArray> {
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  } catch {
    throw new Error('its picture is not base64');
  }
  const want = side * side * 4;
  let up: Uint8Array;
  try {
    up = await pipeBytes(bytes, new DecompressionStream('deflate-raw'), want);
  } catch (err) {
    throw new Error(err instanceof RangeError ? `it unpacks to more than the ${want} bytes its side holds` : 'its picture does not unpack (cut short?)');
  }
  if (up.length !== want) throw new Error(`its picture holds ${up.length} bytes, not the ${want} of ${side} × ${side} pixels`);
  const row = side * 4;
  const rgba = new Uint8ClampedArray(want);
  for (let i = 0; i < want; i++) rgba[i] = (up[i] + (i >= row ? rgba[i - row] : 0)) & 255;
  return rgba;
}

/** A side × side picture at half its side, each pixel the mean of the four under it. */
function halved(rgba: Uint8ClampedArray, side: number): Uint8ClampedArray<ArrayBuffer> {
  const h = side >> 1;
  const out = new Uint8ClampedArray(h * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < h; x++) {
      const a = (2 * y * side + 2 * x) * 4;
      const b = a + side * 4;
      for (let k = 0; k < 4; k++) out[(y * h + x) * 4 + k] = (rgba[a + k] + rgba[a + 4 + k] + rgba[b + k] + rgba[b + 4 + k] + 2) >> 2;
    }
  }
  return out;
}

/** The picture packed at its own side, else halved until its record fits `limit` characters; 'size' when none does. */
export async function packWithin(picture: PinnedPicture, limit: number): Promise<PackedPicture | 'size'> {
  const { width, height } = picture.image;
  let rgba = new Uint8ClampedArray(picture.image.rgba);
  if (width !== height || rgba.length !== width * height * 4) return 'size';
  for (let side = width; ; side >>= 1) {
    const data = await packPicture(rgba, side);
    // The rest of the record (the pin, its histogram) is a few thousand characters at most.
    if (data.length + 8192 <= limit) return { side, from: width, data, sum: checksum(rgba) };
    if (side >> 1 < PIN_MIN_SIDE || side % 2) return 'size';
    rgba = halved(rgba, side);
  }
}

// ── the record ───────────────────────────────────────────────────────────────────────────

/** A number as JSON keeps it: ±∞ and NaN (a histogram's band below all, an empty layer) as words. */
function numOut(x: number): number | string {
  return Number.isFinite(x) ? x : String(x);
}

function numIn(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  return v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : v === 'NaN' ? NaN : undefined;
}

function histogramOut(h: LayerHistogram): unknown {
  switch (h.kind) {
    case 'terrain':
      return { ...h, lo: numOut(h.lo), hi: numOut(h.hi), seaLevel: numOut(h.seaLevel), cuts: h.cuts.map(numOut), counts: Array.from(h.counts) };
    case 'field':
      return { ...h, lo: numOut(h.lo), hi: numOut(h.hi), rampLo: numOut(h.rampLo), rampHi: numOut(h.rampHi), counts: Array.from(h.counts) };
    case 'biome':
      return { kind: h.kind, counts: Array.from(h.counts) };
    case 'mask':
      return h;
  }
}

/** Every meaning, so a stored one is checked against the type itself. */
const MEANINGS: Readonly<Record<Meaning, true>> = {
  height: true, noise: true, value: true, unit: true, distance: true, rank: true, temperature: true,
  moisture: true, air: true, mask: true, river: true, lake: true, biome: true,
};
const PORT_TYPES: Readonly<Record<PortType, true>> = { field: true, terrain: true, biome: true };

function isMeaning(v: unknown): v is Meaning {
  return typeof v === 'string' && Object.hasOwn(MEANINGS, v);
}

function counts(v: unknown): Uint32Array | undefined {
  if (!Array.isArray(v) || v.length > 4096 || !v.every((c) => Number.isInteger(c) && c >= 0 && c <= 0xffffffff)) return undefined;
  return Uint32Array.from(v as number[]);
}

/** A stored histogram, or undefined when it does not read (the record is then damaged). */
function histogramIn(v: unknown): LayerHistogram | undefined {
  const h = fields(v);
  const [lo, hi] = [numIn(h.lo), numIn(h.hi)];
  switch (h.kind) {
    case 'terrain': {
      const c = counts(h.counts);
      const sea = numIn(h.seaLevel);
      const cuts = Array.isArray(h.cuts) ? h.cuts.map(numIn) : [undefined];
      if (!c || lo === undefined || hi === undefined || sea === undefined || cuts.some((x) => x === undefined)) return undefined;
      return { kind: 'terrain', lo, hi, counts: c, seaLevel: sea, cuts: cuts as number[] };
    }
    case 'field': {
      const c = counts(h.counts);
      const [rampLo, rampHi] = [numIn(h.rampLo), numIn(h.rampHi)];
      if (!c || lo === undefined || hi === undefined || rampLo === undefined || rampHi === undefined || !isMeaning(h.meaning)) return undefined;
      return { kind: 'field', lo, hi, counts: c, meaning: h.meaning, rampLo, rampHi };
    }
    case 'biome': {
      const c = counts(h.counts);
      return c && { kind: 'biome', counts: c };
    }
    case 'mask':
      if (!Number.isInteger(h.ones) || !Number.isInteger(h.zeros) || typeof h.one !== 'string' || typeof h.zero !== 'string') return undefined;
      return { kind: 'mask', ones: h.ones as number, zeros: h.zeros as number, one: h.one, zero: h.zero };
  }
  return undefined;
}

function pinIn(v: unknown): Pin | undefined {
  const p = fields(v);
  const style = fields(p.style);
  const rivers = p.rivers === null || p.rivers === undefined ? null : fields(p.rivers);
  if (!isValidNodeId(p.node) || typeof p.port !== 'string' || !p.port || typeof p.title !== 'string') return undefined;
  if ((style.heightMode !== 'height' && style.heightMode !== 'share') || typeof style.shade !== 'boolean' || typeof style.contours !== 'boolean') return undefined;
  if (rivers && (!isValidNodeId(rivers.node) || !Array.isArray(rivers.ports) || !rivers.ports.every((q) => typeof q === 'string'))) return undefined;
  if (p.graph !== undefined && typeof p.graph !== 'string') return undefined;
  return {
    node: p.node,
    port: p.port,
    title: p.title,
    style: { heightMode: style.heightMode, shade: style.shade, contours: style.contours },
    rivers: rivers && { node: rivers.node as string, ports: rivers.ports as string[] },
    ...(p.graph === undefined ? {} : { graph: p.graph as string }),
  };
}

/** The record of the pin as it is, with its frozen picture packed (`packed`) or why it is not. */
function record(state: PinState, picture: PackedPicture | Lost | null): Record<string, unknown> {
  const pin = state.pin!;
  const head = { format: PIN_FORMAT, version: PIN_VERSION, pin, frozen: state.frozen, split: state.split, left: state.left };
  if (!state.frozen || picture === null) return head;
  if (typeof picture === 'string') return { ...head, lost: picture };
  const p = state.picture!;
  return { ...head, picture: { ...picture, n: p.n, x: p.x, y: p.y, portType: p.portType, meaning: p.meaning, histogram: p.histogram && histogramOut(p.histogram) } };
}

/** The pin's name in a message: its node's title (and graph) and its output. */
function named(pin: Pin): string {
  return `"${pinName(pin)} · ${pin.port}"`;
}

/**
 * The pin kept under the draft `id`'s key, read back: the pin (a frozen one with its picture
 * unpacked), nothing, or why it was dropped. Never throws.
 */
export async function readKeptPin(store: KeyValueStore | null, id: string): Promise<KeptPinRead> {
  let raw: string | null;
  try {
    raw = store?.getItem(PIN_PREFIX + id) ?? null;
  } catch {
    return { kind: 'none' };
  }
  if (raw === null) return { kind: 'none' };
  const damaged = (why: string): KeptPinRead => ({ kind: 'dropped', message: `The compare pin kept for this tab did not read back (${why}): the viewer opens without it.` });
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return damaged('it is not JSON: cut short?');
  }
  const r = fields(value);
  if (r.format !== PIN_FORMAT || r.version !== PIN_VERSION) return damaged(`it is not a version ${PIN_VERSION} "${PIN_FORMAT}" record`);
  const pin = pinIn(r.pin);
  if (!pin) return damaged('its pin does not name a node, an output and a style');
  if (typeof r.frozen !== 'boolean') return damaged('it does not say whether the pin is frozen');
  const split = typeof r.split === 'number' && r.split >= 0 && r.split <= 1 ? r.split : 0.5;
  const l = fields(r.left);
  const left: LeftGraph | null = typeof l.key === 'string' && typeof l.frozen === 'boolean' ? { key: l.key, frozen: l.frozen } : null;
  if (!r.frozen) return { kind: 'pin', pin: { pin, frozen: false, split, left, picture: null }, packed: null, note: null };
  const why = { none: 'it had no picture yet', size: `its picture does not fit the ${PIN_CHARS} characters of storage a pin may take, even at ${PIN_MIN_SIDE}²`, storage: "the browser's storage was full" } as const;
  if (typeof r.lost === 'string' && Object.hasOwn(why, r.lost)) return { kind: 'dropped', message: `The frozen compare pin ${named(pin)} was not kept across the reload: ${why[r.lost as Lost]}.` };
  const p = fields(r.picture);
  const { side, from, sum, n, x, y } = p;
  if (!Number.isInteger(side) || (side as number) < 1 || (side as number) > 2048 || !Number.isInteger(from) || (from as number) < (side as number) || typeof p.data !== 'string' || !Number.isInteger(sum)) return damaged('its frozen picture is not described');
  if (!Number.isInteger(n) || typeof x !== 'number' || typeof y !== 'number') return damaged('its frozen picture does not say where it lies');
  const histogram = p.histogram === undefined ? undefined : histogramIn(p.histogram);
  if (p.histogram !== undefined && !histogram) return damaged("its picture's histogram does not read");
  if (p.portType !== undefined && !(typeof p.portType === 'string' && Object.hasOwn(PORT_TYPES, p.portType))) return damaged("its picture's type does not read");
  if (p.meaning !== undefined && !isMeaning(p.meaning)) return damaged("its picture's meaning does not read");
  let rgba: Uint8ClampedArray;
  try {
    rgba = await unpackPicture(p.data, side as number);
  } catch (err) {
    return damaged((err as Error).message);
  }
  if (checksum(rgba) !== sum) return damaged('its picture does not match its checksum: changed?');
  const picture: PinnedPicture = {
    kind: 'picture-result',
    seq: 0,
    node: pin.node,
    port: pin.port,
    // No engine's key: thawed, it is drawn again.
    key: '',
    same: false,
    image: { width: side as number, height: side as number, rgba: rgba.buffer as ArrayBuffer },
    histogram,
    portType: p.portType as PortType | undefined,
    meaning: p.meaning as Meaning | undefined,
    n: n as number,
    x,
    y,
  };
  const packed = { side: side as number, from: from as number, data: p.data, sum: sum as number };
  const note = side === from ? null : `The frozen compare pin ${named(pin)} came back at ${side}²: its ${from}² picture is more than the storage a pin may take.`;
  return { kind: 'pin', pin: { pin, frozen: true, split, left, picture }, packed, note };
}

/**
 * Keeps the viewer's compare pin under the tab's key as it changes: `keep` after each change
 * (the page debounces it), `write` when the page is hidden. A frozen picture is packed once,
 * asynchronously (about 0.1 s at 512²); meanwhile the record before it stays.
 */
export class PinKeeper {
  private packed: { readonly picture: PinnedPicture; readonly kept: PackedPicture | 'size' } | null = null;
  private written: { readonly key: string; readonly text: string } | null = null;

  constructor(
    private readonly store: KeyValueStore | null,
    /** The tab's key (PIN_PREFIX and its id: a duplicated tab's moves to a new id). */
    private readonly key: () => string,
    /** The viewer's pin now (a restarted engine's session has its own). */
    private readonly state: () => PinState,
    private readonly limit = PIN_CHARS,
  ) {}

  /** The frozen picture a restored pin came back with, packed already: not packed again. */
  remember(picture: PinnedPicture, kept: PackedPicture): void {
    this.packed = { picture, kept };
  }

  /** Packs the frozen picture when it is new, then writes the record. */
  async keep(): Promise<void> {
    const { pin, frozen, picture } = this.state();
    if (pin && frozen && picture && this.packed?.picture !== picture) {
      const kept = await packWithin(picture, this.limit);
      this.packed = { picture, kept };
    }
    this.write();
  }

  /** Writes the record now with what is packed; a frozen picture not packed yet leaves the record as it was. */
  write(): void {
    if (!this.store) return;
    const state = this.state();
    const key = this.key();
    try {
      if (!state.pin) {
        if (this.written?.key !== key || this.written.text !== '') this.store.removeItem(key);
        this.written = { key, text: '' };
        return;
      }
      let picture: PackedPicture | Lost | null = null;
      if (state.frozen) {
        if (!state.picture) picture = 'none';
        else if (this.packed?.picture !== state.picture) return;
        else picture = this.packed.kept;
      }
      const text = JSON.stringify(record(state, picture));
      // Written already, unless a draft that needed the room has dropped it since (files.ts).
      if (this.written?.key === key && this.written.text === text && this.store.getItem(key) !== null) return;
      try {
        this.store.setItem(key, text);
      } catch {
        // Full: the pin is worth less than any draft or history; the reload says it was not kept.
        // The record before goes first: an older picture would come back in this one's place.
        this.store.removeItem(key);
        this.store.setItem(key, JSON.stringify(record(state, 'storage')));
      }
      this.written = { key, text };
    } catch {
      // Not even that: the next start finds the record before, or none.
    }
  }
}
