// Graphs as links: every shipped graph goes through a link and comes back byte for byte; a
// damaged link is refused with a reason; a graph too large for a link says so.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { graphFileText, readGraphFile } from '../src/editor/files.ts';
import type { Graph } from '../src/model/graph.ts';
import { LINK_MAX, readShareFragment, SHARED_TEXT_MAX, shareFragment, shareLink } from '../src/editor/share.ts';

const BASE = 'https://example.org/terrain-graph/';

/** The graph of file text that must open. */
function opened(text: string, file = 'test'): Graph {
  const read = readGraphFile(text, file);
  if (!read.ok) throw new Error(`${file} does not open: ${JSON.stringify(read.problems)}`);
  return read.graph;
}

async function roundTrip(text: string): Promise<string> {
  const made = await shareLink(`${BASE}#old`, text);
  if (!made.ok) throw new Error(`no link: ${made.length} characters`);
  expect(made.url.startsWith(`${BASE}#graph=`)).toBe(true);
  const read = await readShareFragment(new URL(made.url).hash);
  if (read.kind !== 'graph') throw new Error(`link not read back: ${JSON.stringify(read)}`);
  return read.text;
}

describe('a graph as a link', () => {
  const files = readdirSync('graphs').filter((f) => f.endsWith('.json'));

  it('opens every shipped graph to the same graph, saved to the same bytes', async () => {
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(`graphs/${file}`, 'utf8');
      const saved = graphFileText(opened(text, file));
      const back = await roundTrip(saved);
      expect(back, file).toBe(saved);
      // Opened from the link, the graph saves to the same bytes as before it was shared.
      expect(graphFileText(opened(back, 'link')), file).toBe(saved);
    }
  });

  it('keeps every character: names and notes in any script', async () => {
    const text = '{"note": "Ålesund — 東京 — 🌋 \\u0000"}';
    expect(await roundTrip(text)).toBe(text);
  });

  it('refuses a damaged link with a reason, and a link without a graph is none', async () => {
    const text = graphFileText(opened(readFileSync('graphs/default.json', 'utf8')));
    const fragment = await shareFragment(text);
    const payload = fragment.slice('graph='.length);
    const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);
    const damaged = {
      'a character changed': `graph=${flip(payload, Math.floor(payload.length / 2))}`,
      'the checksum changed': `graph=${flip(payload, 1)}`,
      'cut short': `graph=${payload.slice(0, Math.floor(payload.length * 0.7))}`,
      'a stray character': `graph=${payload.slice(0, 40)}%20${payload.slice(40)}`,
      empty: 'graph=',
      'not base64': 'graph=@@@@',
    };
    for (const [what, hash] of Object.entries(damaged)) {
      const read = await readShareFragment(`#${hash}`);
      expect(read.kind, what).toBe('damaged');
      expect((read as { message: string }).message.length, what).toBeGreaterThan(10);
    }
    expect(await readShareFragment('')).toEqual({ kind: 'none' });
    expect(await readShareFragment('#section-2')).toEqual({ kind: 'none' });
  });

  it('says a graph is too large for a link, with its length, at the limit exactly', async () => {
    const text = readFileSync('graphs/default.json', 'utf8');
    const made = await shareLink(BASE, text);
    expect(made.ok).toBe(true);
    const length = made.length;
    expect(length).toBeLessThan(LINK_MAX);
    expect((await shareLink(BASE, text, length)).ok).toBe(true);
    expect(await shareLink(BASE, text, length - 1)).toEqual({ ok: false, length, max: length - 1 });
    // Notes that do not compress (a long made-up text) push a graph past the limit.
    let seed = 1;
    const words = Array.from({ length: 6000 }, () => (seed = Math.imul(seed, 48271) >>> 0).toString(36)).join(' ');
    const big = text.replace('"notes": "', `"notes": "${words} `);
    const refused = await shareLink(BASE, big);
    expect(refused.ok).toBe(false);
    expect(refused.length).toBeGreaterThan(LINK_MAX);
  });

  it('refuses a link that unpacks to more than the limit instead of filling memory', async () => {
    const zeros = ' '.repeat(SHARED_TEXT_MAX + 1024);
    const fragment = await shareFragment(zeros);
    expect(fragment.length).toBeLessThan(20_000);
    const read = await readShareFragment(fragment);
    expect(read.kind).toBe('damaged');
    expect((read as { message: string }).message).toMatch(/more than 8 MB/);
  });
});
