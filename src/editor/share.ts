// A graph as a link: the file's text compressed (the browser's CompressionStream, raw deflate)
// and written in base64url after `#graph=` in the URL's fragment, which browsers never send to
// a server. Four bytes of a checksum of the text go first, so a link cut short or mistyped is
// refused instead of opening a graph that differs from the one sent. No DOM: runs in Node too.

import { checksum, pipeBytes, toBase64 } from './packed.ts';

/** The fragment's key: `…#graph=<base64url>`. */
export const SHARE_KEY = 'graph';
/**
 * The longest link offered, in characters. Browsers take far longer URLs, but mail and chat
 * programs cut or refuse links past a few thousand characters; a shipped recipe needs ~2 600.
 */
export const LINK_MAX = 16_000;
/** The longest graph text a link may unpack to: a bomb of zeros must not fill the page's memory. */
export const SHARED_TEXT_MAX = 8 * 1024 * 1024;

export type MadeLink =
  | { readonly ok: true; readonly url: string; readonly length: number }
  | { readonly ok: false; readonly length: number; readonly max: number };

export type ReadLink =
  | { readonly kind: 'none' }
  | { readonly kind: 'graph'; readonly text: string }
  | { readonly kind: 'damaged'; readonly message: string };

function toBase64url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url text, or null when it holds anything else. */
function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** The fragment (without `#`) that carries a graph file's text. */
export async function shareFragment(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const packed = await pipeBytes(bytes, new CompressionStream('deflate-raw'));
  const payload = new Uint8Array(4 + packed.length);
  new DataView(payload.buffer).setUint32(0, checksum(bytes));
  payload.set(packed, 4);
  return `${SHARE_KEY}=${toBase64url(payload)}`;
}

/** A link to `base` (any fragment dropped) that opens the graph, or how long it would have been. */
export async function shareLink(base: string, text: string, max = LINK_MAX): Promise<MadeLink> {
  const url = `${base.split('#')[0]}#${await shareFragment(text)}`;
  return url.length <= max ? { ok: true, url, length: url.length } : { ok: false, length: url.length, max };
}

/**
 * The graph text a URL's fragment carries (`location.hash`, with or without `#`): none when it
 * carries no graph, damaged (with why, in words for a person) when it cannot be read back.
 */
export async function readShareFragment(hash: string): Promise<ReadLink> {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const prefix = `${SHARE_KEY}=`;
  if (!fragment.startsWith(prefix)) return { kind: 'none' };
  const payload = fromBase64url(fragment.slice(prefix.length));
  if (!payload) return { kind: 'damaged', message: 'it holds characters a graph link never has (was it cut or changed on the way?)' };
  if (payload.length < 5) return { kind: 'damaged', message: 'it is too short to hold a graph' };
  let bytes: Uint8Array;
  try {
    bytes = await pipeBytes(payload.subarray(4), new DecompressionStream('deflate-raw'), SHARED_TEXT_MAX);
  } catch (err) {
    if (err instanceof RangeError) return { kind: 'damaged', message: `it unpacks to more than ${SHARED_TEXT_MAX / 1024 / 1024} MB` };
    return { kind: 'damaged', message: 'its compressed graph does not unpack (was it cut short?)' };
  }
  if (checksum(bytes) !== new DataView(payload.buffer, payload.byteOffset).getUint32(0)) {
    return { kind: 'damaged', message: 'its checksum does not match the graph it holds (was it changed on the way?)' };
  }
  try {
    return { kind: 'graph', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { kind: 'damaged', message: 'it does not unpack to text' };
  }
}
