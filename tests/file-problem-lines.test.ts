// A file broken by hand says on which line of the text each problem is: a worldbuilder who typed
// "west" for the wind's angle and deleted the Land rank node read `$.nodes[12].params.angle` and
// `$.edges[8].to`, and had to count nodes and wires in a text editor that counts lines.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGraphBlob } from '../src/editor/files.ts';

const TEXT = readFileSync('graphs/climate-kauai.json', 'utf8');

/** The 1-based line of the first line of `text` that holds `needle` after the line `after`. */
function lineOf(text: string, needle: string, after = 0): number {
  const lines = text.split('\n');
  const k = lines.findIndex((l, n) => n >= after && l.includes(needle));
  if (k < 0) throw new Error(`no line holds ${needle}`);
  return k + 1;
}

/** The problems the editor lists for a file the person opened (Open… or a drop). */
async function problemsOf(text: string) {
  const read = await readGraphBlob(new File([text], 'broken.json', { type: 'application/json' }));
  if (read.ok) throw new Error('the broken file opened');
  return read.problems;
}

describe('the problems of a file opened in the editor', () => {
  it('give the line of a param of the wrong type, and of every wire to a node taken out', async () => {
    const doc = JSON.parse(TEXT);
    const wind = doc.nodes.find((n: { id: string }) => n.id === 'wind');
    wind.params.angle = 'west';
    doc.nodes = doc.nodes.filter((n: { id: string }) => n.id !== 'rank');
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    const problems = await problemsOf(text);
    const angle = problems.find((p) => p.path.endsWith('.params.angle'))!;
    expect(angle.message).toMatch(/expected a number, got "west"/);
    expect(angle.line).toBe(lineOf(text, '"angle": "west"'));
    const wires = problems.filter((p) => /missing "rank"/.test(p.message));
    expect(wires.length).toBe(3);
    for (const w of wires) {
      // $.edges[k].from or .to: the line that holds that end of the k-th wire.
      const [, k, end] = /^\$\.edges\[(\d+)\]\.(from|to)$/.exec(w.path)!;
      const edge = doc.edges[Number(k)];
      expect(w.line).toBe(lineOf(text, `"${end}": "${edge[end]}"`, lineOf(text, '"edges"') + Number(k) * 4 - 1));
    }
  });

  it('give a key left out the line of the object that lacks it', async () => {
    const doc = JSON.parse(TEXT);
    delete doc.nodes[3].params.points;
    const text = JSON.stringify(doc, null, 2);
    const p = (await problemsOf(text)).find((q) => q.path === '$.nodes[3].params.points')!;
    expect(p.message).toMatch(/points/);
    // The params of the fourth node: the fourth "params" line of the file.
    let at = 0;
    for (let k = 0; k < 4; k++) at = lineOf(text, '"params"', at);
    expect(p.line).toBe(at);
  });

  // Lines ended by a CR alone (an old Mac's text editor) gave no line at all: the text was "on one
  // line", and a syntax error was on "line 1".
  it('give the same lines whether lines end in LF, CRLF or CR alone, with a byte order mark or without', async () => {
    const doc = JSON.parse(TEXT);
    doc.nodes.find((n: { id: string }) => n.id === 'wind').params.angle = 'west';
    doc.nodes = doc.nodes.filter((n: { id: string }) => n.id !== 'rank');
    const lf = `${JSON.stringify(doc, null, 2)}\n`;
    const lines = (await problemsOf(lf)).map((p) => [p.path, p.line]);
    expect(lines.length).toBe(4);
    expect(lines.every(([, line]) => typeof line === 'number' && line > 1)).toBe(true);
    for (const text of [lf.replace(/\n/g, '\r\n'), lf.replace(/\n/g, '\r'), `\uFEFF${lf.replace(/\n/g, '\r')}`]) {
      expect((await problemsOf(text)).map((p) => [p.path, p.line])).toEqual(lines);
    }
    // A syntax error says its line and column alike.
    const broken = TEXT.replace('"angle": 225,', '"angle": 225,,');
    const said = (await problemsOf(broken))[0].message.match(/line \d+, column \d+/)![0];
    expect(said).not.toBe('line 1, column 1');
    for (const eol of ['\r\n', '\r']) expect((await problemsOf(broken.replace(/\n/g, eol)))[0].message).toContain(said);
  });

  it('give no line where the text is not JSON (the message says where), is an older version or is all on one line', async () => {
    const syntax = await problemsOf(TEXT.replace('"angle": 225,', '"angle": 225,,'));
    expect(syntax[0].line).toBeUndefined();
    expect(syntax[0].message).toMatch(/line \d+, column \d+/);
    const old = JSON.parse(TEXT);
    old.version = 5;
    old.nodes[0].params.octaves = 'four';
    expect((await problemsOf(JSON.stringify(old, null, 2))).every((p) => p.line === undefined)).toBe(true);
    const oneLine = JSON.parse(TEXT);
    oneLine.nodes[0].params.octaves = 'four';
    const flat = await problemsOf(`${JSON.stringify(oneLine)}\n`);
    expect(flat.map((p) => [p.path, p.line])).toEqual([['$.nodes[0].params.octaves', undefined]]);
  });
});
