// The viewer's downloads carry the graph's name first: a person who exports the Island's and
// Kauai's heightmaps got two files named "water.terrain.<min>_<max>.16.png" and could not tell
// them apart. The name the graph was opened from or saved as (without ".json"), else its name as
// Save names its file, else none (the node's and port's name alone, as before); made safe for
// any file system (a slash, spaces, a device name of Windows).
import { describe, expect, it } from 'vitest';
import { exportPrefix } from '../src/editor/files.ts';
import { DEFAULT, setup } from './helpers/viewer-setup.ts';

describe("the graph's part of an export's name", () => {
  it('is the file the graph came from without .json, else its name as Save names the file, else none', () => {
    expect(exportPrefix({ ...DEFAULT, name: 'Island' }, null)).toBe('island');
    expect(exportPrefix({ ...DEFAULT, name: 'Island' }, 'kauai.json')).toBe('kauai');
    expect(exportPrefix({ ...DEFAULT, name: 'Island' }, 'Kauai.JSON')).toBe('Kauai');
    // No name of letters or digits and no file: nothing, the export named as before.
    expect(exportPrefix({ ...DEFAULT, name: '' }, null)).toBe(null);
    expect(exportPrefix({ ...DEFAULT, name: ' — ' }, null)).toBe(null);
  });

  it('holds no slash, no space, no character Windows refuses and no dot or dash at either end', () => {
    expect(exportPrefix({ ...DEFAULT, name: 'x' }, 'My Kauai / west  coast.json')).toBe('My-Kauai-west-coast');
    expect(exportPrefix({ ...DEFAULT, name: 'Kauai / west coast' }, null)).toBe('kauai-west-coast');
    expect(exportPrefix({ ...DEFAULT, name: 'x' }, 'a\\b:c*d?"e"<f>|g.json')).toBe('a-b-c-d-e-f-g');
    expect(exportPrefix({ ...DEFAULT, name: 'x' }, '..hidden .json')).toBe('hidden');
    expect(exportPrefix({ ...DEFAULT, name: 'x' }, 'con.json')).toBe('con_');
    expect(exportPrefix({ ...DEFAULT, name: 'x' }, 'aux.v2.json')).toBe('aux_.v2');
    // Long names are cut between characters, to at most 100 bytes.
    const long = exportPrefix({ ...DEFAULT, name: 'x' }, `${'é'.repeat(120)}.json`)!;
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(100);
    expect(long).toBe('é'.repeat(50));
  });
});

describe("the viewer's downloads", () => {
  it("put the graph's name first, then the node, port and range: the Island's and Kauai's water tell apart", async () => {
    const names: string[] = [];
    for (const name of ['Island', 'Kauai']) {
      const { core, session, downloads, settle } = setup({ ...DEFAULT, name });
      await settle();
      core.select(['water']);
      await settle();
      session.exportLayer('png16');
      await settle();
      session.exportLayer('png');
      await settle();
      names.push(...downloads.map((d) => d.name));
      expect(session.exports.note?.text).toMatch(new RegExp(`^${name.toLowerCase()}\\.water\\.terrain\\.png · `));
    }
    expect(names[0]).toMatch(/^island\.water\.terrain\.-?\d[\d.]*_-?\d[\d.]*\.16\.png$/);
    expect(names[1]).toBe('island.water.terrain.png');
    expect(names[2]).toMatch(/^kauai\.water\.terrain\./);
    expect(names[3]).toBe('kauai.water.terrain.png');
  });

  it('name a graph opened from a file by that file, a name with spaces and a slash made safe', async () => {
    const { core, session, downloads, settle } = setup();
    core.keep({ file: 'My Kauai / v2.json', clean: true });
    await settle();
    core.select(['biomes']);
    await settle();
    session.exportLayer('indexed');
    await settle();
    expect(downloads.map((d) => d.name)).toEqual(['My-Kauai-v2.biomes.out.indexed.png']);
  });

  it('name a graph with no name and no file as before, by its node and port alone', async () => {
    const { core, session, downloads, settle } = setup({ ...DEFAULT, name: '' });
    await settle();
    core.select(['biomes']);
    await settle();
    session.exportLayer('png');
    await settle();
    expect(downloads.map((d) => d.name)).toEqual(['biomes.out.png']);
  });

  it("name the tiles' zip and its folder (the command's --out) after the graph too", async () => {
    const { core, session, settle } = setup({ ...DEFAULT, name: 'Island' });
    await settle();
    core.select(['water']);
    await settle();
    session.exports.setTiles({ ...session.exports.tiles, layout: 'unity', tileSize: 33, cellsPerView: 64, x: 1, y: 1, format: 'r16' });
    expect(session.tilesSummary()!.command).toMatch(/ --out island\.water\.tiles-33-64$/);
    core.keep({ file: 'Kauai west.json', clean: true });
    expect(session.tilesSummary()!.command).toMatch(/^npx terrain-graph build 'Kauai west\.json' .* --out Kauai-west\.water\.tiles-33-64$/);
    expect(session.tilesSummary()!.folder).toBe('Kauai-west.water.tiles-33-64');
  });
});
