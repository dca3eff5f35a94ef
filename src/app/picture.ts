// A picture of RGBA bytes shown as an <img>, not a live <canvas>: Chromium makes every canvas
// in the page a compositing layer of its own (and every node painted over one another layer),
// so a graph of 1000 nodes spent most of each frame of a node drag sorting layers.

/** Bytes of a BITMAPFILEHEADER (14) and a BITMAPV4HEADER (108). */
const HEADER = 14 + 108;

/**
 * A BMP file of `width` × `height` RGBA bytes, north row first: a header before the bytes as
 * they are. Its bit fields say where R, G, B and A lie in each 32-bit pixel, so no byte moves
 * and nothing is compressed (a PNG of a preview takes longer to encode than to draw); the
 * negative height says rows run top-down. Decoded, it gives back the same bytes, as
 * putImageData drew them, for opaque pixels (Chromium's decoder takes an image whose every
 * alpha is 0 as opaque, as BMPs of old writers need; no preview is all transparent).
 */
export function bmp(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  const bytes = width * height * 4;
  if (rgba.byteLength !== bytes) throw new Error(`bmp: ${rgba.byteLength} bytes given for ${width} × ${height} RGBA (${bytes})`);
  const file = new Uint8Array(HEADER + bytes);
  const head = new DataView(file.buffer);
  head.setUint16(0, 0x4d42, true); // 'BM'
  head.setUint32(2, HEADER + bytes, true);
  head.setUint32(10, HEADER, true); // where the pixels start
  head.setUint32(14, 108, true); // BITMAPV4HEADER
  head.setInt32(18, width, true);
  head.setInt32(22, -height, true); // top-down
  head.setUint16(26, 1, true); // planes
  head.setUint16(28, 32, true); // bits per pixel
  head.setUint32(30, 3, true); // BI_BITFIELDS
  head.setUint32(34, bytes, true);
  // Masks of a little-endian pixel read from the bytes R, G, B, A.
  head.setUint32(54, 0x000000ff, true);
  head.setUint32(58, 0x0000ff00, true);
  head.setUint32(62, 0x00ff0000, true);
  head.setUint32(66, 0xff000000, true);
  head.setUint32(70, 0x73524742, true); // 'sRGB', as canvas pixels are
  file.set(rgba, HEADER);
  return file;
}

/**
 * The BMP as a data: URL. Not a blob: URL, which took a round trip to the browser process to
 * make and another to load: opening 1000 nodes cost 0.6 s more CPU that way (undo of deleting
 * them 1.2 s more), and the page's memory came out the same. A data: URL loads at once.
 */
export function bmpUrl(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): string {
  const file = bmp(rgba, width, height);
  let text = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and the stack has a limit.
  for (let k = 0; k < file.length; k += 0x8000) text += String.fromCharCode.apply(null, file.subarray(k, k + 0x8000) as unknown as number[]);
  return `data:image/bmp;base64,${btoa(text)}`;
}

/**
 * Keeps one <img> in `host` showing the latest picture given. A new picture replaces the one
 * shown once it is loaded (at once, for a data: URL), so nothing flashes blank in between; of
 * pictures given faster than they load, the newest wins and an older one never comes back.
 */
export class PictureImg {
  private given = 0;
  private pending: Promise<void> = Promise.resolve();

  /**
   * @param host the element the <img> lives in (nothing else goes there).
   * @param className the <img>'s class, for the host's styles.
   */
  constructor(
    private readonly host: Element,
    private readonly className: string,
  ) {}

  /** Shows a picture (its bytes are copied now); resolves once it is on the page, or a newer one replaced it. */
  show(rgba: ArrayBuffer | Uint8Array | Uint8ClampedArray, width: number, height: number): Promise<void> {
    const n = ++this.given;
    const img = new Image(width, height);
    img.className = this.className;
    img.alt = '';
    // An image can be dragged out of the page: pressing one would start that drag, not the node's.
    img.draggable = false;
    img.src = bmpUrl(rgba instanceof ArrayBuffer ? new Uint8Array(rgba) : rgba, width, height);
    const swap = () => {
      if (n === this.given) this.host.replaceChildren(img);
    };
    if (img.complete) {
      swap();
      this.pending = Promise.resolve();
    } else this.pending = img.decode().then(swap, () => undefined);
    return this.pending;
  }

  /** Resolves when the latest picture given is on the page. */
  get drawn(): Promise<void> {
    return this.pending;
  }
}
