// Reads a zip of stored entries (what src/render/zip.ts writes) by its central directory: the
// export tests check the names and bytes inside, and that each entry's CRC is right.
import { crc32 } from 'node:zlib';

export function unzipStored(zip: Uint8Array): { name: string; bytes: Uint8Array }[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.byteLength - 22;
  if (view.getUint32(end, true) !== 0x06054b50) throw new Error('no end of central directory where a zip without comment has it');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const out: { name: string; bytes: Uint8Array }[] = [];
  for (let k = 0; k < count; k++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error(`central entry ${k}: bad signature`);
    if (view.getUint16(at + 10, true) !== 0) throw new Error(`central entry ${k}: not stored`);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    const dataAt = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const bytes = zip.subarray(dataAt, dataAt + size);
    if (crc32(bytes) >>> 0 !== crc) throw new Error(`${name}: CRC ${crc} does not match its bytes`);
    out.push({ name, bytes });
    at += 46 + nameLength;
  }
  return out;
}
