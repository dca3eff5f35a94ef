// The add-node menu as data (src/editor/catalogue.ts): groups, search and the ports a dropped
// wire can take.
import { describe, expect, it } from 'vitest';
import { allItems, searchMenu, wireItems } from '../src/editor/catalogue.ts';

describe('the add-node menu', () => {
  it('groups every node type as its manifest says and finds them by any word', () => {
    const groups = searchMenu(allItems(), '');
    expect(groups.map((g) => g.group)).toEqual(['Terrain', 'Water', 'Climate']);
    expect(searchMenu(allItems(), 'whit').flatMap((g) => g.items.map((i) => i.type))).toEqual(['whittaker']);
  });

  it('puts what the words name first, before what matches only by its group', () => {
    const first = (q: string) => searchMenu(allItems(), q)[0].items[0].type;
    // Every Terrain node matches "terr" by its group: Enter used to pick the group's first, fBm noise.
    expect(first('terr')).toBe('terrace');
    expect(searchMenu(allItems(), 'terr').flatMap((g) => g.items).length).toBe(allItems().filter((i) => i.group === 'Terrain').length);
    // The Water group holds four types; the water level comes first, the others stay listed.
    expect(first('water')).toBe('water');
    expect(searchMenu(allItems(), 'water').flatMap((g) => g.items.map((i) => i.type))).toEqual(expect.arrayContaining(['coast', 'rank', 'flow']));
    expect(first('ero')).toBe('hydraulic');
    expect(first('thermal ero')).toBe('thermal');
    // Only the group's name matches: the whole group, in menu order.
    expect(searchMenu(allItems(), 'clim').map((g) => g.group)).toEqual(['Climate']);
    expect(searchMenu(allItems(), 'nothing like it')).toEqual([]);
  });

  it('finds a node by a word of its documentation when no title has it: the names other terrain tools use', () => {
    const types = (q: string) => searchMenu(allItems(), q).flatMap((g) => g.items.map((i) => i.type));
    expect(types('ridged')[0]).toBe('fbm');
    expect(types('billow')[0]).toBe('fbm');
    expect(types('voronoi')).toEqual(['cellular']);
    expect(types('worley')).toEqual(['cellular']);
    expect(types('gaussian')).toEqual(['blur']);
    expect(types('talus')).toEqual(['thermal']);
    expect(types('droplet')).toEqual(['hydraulic']);
    // Its outputs' names too.
    expect(types('lakes')).toEqual(['flow']);
    // A word a title has keeps the search to the titles.
    expect(types('blur')).toEqual(['blur']);
  });

  it('offers only the ports that can take a dropped wire', () => {
    const fromTerrain = wireItems('output', 'terrain');
    expect(fromTerrain.some((i) => i.type === 'coast' && i.port === 'terrain')).toBe(true);
    expect(fromTerrain.some((i) => i.type === 'curve' && i.port === 'in')).toBe(true);
    const fromField = wireItems('output', 'field');
    expect(fromField.some((i) => i.port === 'terrain')).toBe(false);
    const intoTerrain = wireItems('input', 'terrain');
    expect(intoTerrain.map((i) => `${i.type}.${i.port}`)).toEqual(['water.terrain']);
    const combine = fromField.filter((i) => i.type === 'combine').map((i) => i.title);
    expect(combine).toEqual(['Combine · base', 'Combine · scale', 'Combine · detail']);
  });
});
