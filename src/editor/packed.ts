// Bytes packed for the browser's storage and its links: raw deflate through the platform's
// CompressionStream (in Node 20 too), base64, and the FNV-1a checksum a packed record carries so
// that one cut short or changed is refused. The share link (share.ts) and the kept compare pin
// (src/viewer-core/kept-pin.ts) both pack this way. No DOM.

/** FNV-1a over bytes: names what was packed, it secures nothing. */
export function checksum(bytes: ArrayLike<number>): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

/**
 * `bytes` through a (de)compression stream, whole. Throws a RangeError when the output passes
 * `limit` bytes (a bomb of zeros must not fill the page's memory), else the stream's own error.
 */
export async function pipeBytes(bytes: Uint8Array, stream: CompressionStream | DecompressionStream, limit = Infinity): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  // Written and closed without awaiting: the reader below drains the stream meanwhile.
  const written = writer.write(bytes as Uint8Array<ArrayBuffer>).then(() => writer.close());
  written.catch(() => {
    // The reader reports the same failure.
  });
  const reader = stream.readable.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new RangeError(`more than ${limit} bytes`);
    }
    parts.push(value);
  }
  await written;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Bytes in base64 (the standard alphabet, padded). */
export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
