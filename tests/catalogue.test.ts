// The add-node menu as data (src/editor/catalogue.ts): groups, search and the ports a dropped
// wire can take. The search's rules are shown on a menu of made-up items; the real menu is
// checked by what its manifests say (no node type is named here: nodes/ owns those).
import { describe, expect, it } from 'vitest';
import { allItems, choicesNamed, type MenuItem, searchMenu, wireItems } from '../src/editor/catalogue.ts';
import { NODE_TYPES, nodeDef } from '../nodes/index.ts';
import { paramApplies } from '../src/model/params.ts';

const item = (type: string, title: string, group: MenuItem['group'], doc: string, keywords = ''): MenuItem => ({ type, title, group, doc, keywords });

/** A made-up menu, in menu order: the first Terrain item does not start with "terr", the third does. */
const MENU: readonly MenuItem[] = [
  item('noise', 'Fractal noise', 'Terrain', 'Octaves of simplex noise, smooth or ridged.', 'out smooth ridged'),
  item('mask', 'Height mask', 'Terrain', 'One where the input lies in a band.', 'in out'),
  item('steps', 'Terrace', 'Terrain', 'Flat steps with the flow of slopes between.', 'in out'),
  item('rain', 'Hydraulic erosion', 'Terrain', 'Droplets carve valleys.', 'in out'),
  item('scree', 'Scree erosion', 'Terrain', 'Slopes past the talus angle slide.', 'in out'),
  item('sea', 'Sea level', 'Water', 'Heights with a sea level.', 'heights terrain'),
  item('rivers', 'Water flow', 'Water', 'Where the rain runs off.', 'terrain rivers lakes'),
  item('heat', 'Temperature', 'Climate', 'Warmer near the equator and the sea.', 'rank out'),
];

const types = (items: readonly MenuItem[], q: string) => searchMenu(items, q).flatMap((g) => g.items.map((i) => i.type));
const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

describe('the add-node menu', () => {
  it('groups every node type as its manifest says, in menu order, and finds each by its title', () => {
    const items = allItems();
    expect(items.map((i) => i.type)).toEqual(NODE_TYPES.map((d) => d.type));
    const groups = searchMenu(items, '');
    expect(groups.map((g) => g.group)).toEqual([...new Set(NODE_TYPES.map((d) => d.group))]);
    for (const g of groups) expect(g.items.map((i) => i.type)).toEqual(NODE_TYPES.filter((d) => d.group === g.group).map((d) => d.type));
    for (const it of items) {
      expect(types(items, it.title)[0], it.title).toBe(it.type);
      for (const w of words(it.title)) expect(types(items, w), `${it.title}: ${w}`).toContain(it.type);
    }
  });

  it('puts what the words name first, before what matches only by its group', () => {
    const first = (q: string) => types(MENU, q)[0];
    // Every Terrain item matches "terr" by its group: Enter used to pick the group's first.
    expect(first('terr')).toBe('steps');
    expect(types(MENU, 'terr')).toHaveLength(MENU.filter((i) => i.group === 'Terrain').length);
    // The group's name and a title: the title first, the rest of the group still listed.
    expect(types(MENU, 'water')).toEqual(['rivers', 'sea']);
    // A word of two titles: menu order; every word of the query: the item that has them all.
    expect(first('ero')).toBe('rain');
    expect(first('scree ero')).toBe('scree');
    // Only the group's name matches: the whole group, in menu order.
    expect(searchMenu(MENU, 'clim').map((g) => g.group)).toEqual(['Climate']);
    expect(searchMenu(MENU, 'nothing like it')).toEqual([]);
  });

  it('finds a node by a word of its documentation, its ports or its choices when no title has it', () => {
    expect(types(MENU, 'talus')).toEqual(['scree']);
    expect(types(MENU, 'droplet')).toEqual(['rain']);
    expect(types(MENU, 'ridged')).toEqual(['noise']);
    expect(types(MENU, 'lakes')).toEqual(['rivers']);
    // A word a title has keeps the search to the titles ("flow" is in a doc too).
    expect(types(MENU, 'flow')).toEqual(['rivers']);
    // A word held inside a group's name is no match by the group: "rain" (in "Terrain") listed
    // every Terrain node, the fBm noise first, and never reached the nodes the rain goes through.
    const rain = types(allItems(), 'rain');
    expect(rain).not.toContain('fbm');
    for (const type of ['hydraulic', 'wind', 'flow', 'fluvial']) expect(rain, type).toContain(type);
    // Other tools' words for what a node here does read "No node matches".
    for (const [word, type] of [['perlin', 'fbm'], ['remap', 'curve'], ['levels', 'curve'], ['invert', 'curve'], ['mix', 'combine']]) expect(types(allItems(), word), word).toContain(type);
    // The real menu: every word of a node's documentation, port names or choices that no title,
    // type or group holds finds that node.
    const items = allItems();
    const named = items.map((i) => `${i.title} ${i.type} ${i.group}`.toLowerCase()).join(' ');
    let checked = 0;
    for (const it of items) {
      const def = nodeDef(it.type)!;
      const choices = Object.values(def.params).flatMap((p) => (p.kind === 'enum' ? p.options : []));
      for (const w of words([def.doc, ...Object.keys(def.inputs), ...Object.keys(def.outputs), ...choices].join(' '))) {
        if (w.length < 4 || named.includes(w)) continue;
        expect(types(items, w), `${it.type}: ${w}`).toContain(it.type);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(items.length);
  });

  it('offers only the ports that can take a dropped wire', () => {
    const inputType = (i: MenuItem) => nodeDef(i.type)!.inputs[i.port!].type;
    // A terrain output: terrain inputs, and field inputs too (a terrain is heights).
    const fromTerrain = wireItems('output', 'terrain');
    expect(new Set(fromTerrain.map(inputType))).toEqual(new Set(['terrain', 'field']));
    // A field output: no terrain input (a terrain needs a sea level).
    const fromField = wireItems('output', 'field');
    expect(fromField.length).toBeGreaterThan(0);
    expect(fromField.filter((i) => inputType(i) !== 'field')).toEqual([]);
    // Dragged back from a terrain input: exactly the nodes' terrain outputs.
    const terrainOutputs = NODE_TYPES.flatMap((d) => Object.entries(d.outputs).filter(([, o]) => o.type === 'terrain').map(([port]) => `${d.type}.${port}`));
    expect(terrainOutputs.length).toBeGreaterThan(0);
    expect(wireItems('input', 'terrain').map((i) => `${i.type}.${i.port}`)).toEqual(terrainOutputs);
    // A node with several ports that fit: one entry each, named "Title · port", in port order.
    const perType = new Map<string, MenuItem[]>();
    for (const i of fromField) perType.set(i.type, [...(perType.get(i.type) ?? []), i]);
    const several = [...perType.values()].filter((list) => list.length > 1);
    expect(several.length).toBeGreaterThan(0);
    for (const list of perType.values()) {
      const def = nodeDef(list[0].type)!;
      expect(list.map((i) => i.title)).toEqual(list.length > 1 ? list.map((i) => `${def.title} · ${i.port}`) : [def.title]);
      if (list.length > 1) expect(list.map((i) => i.port)).toEqual(Object.keys(def.inputs).filter((p) => list.some((i) => i.port === p)));
    }
  });

  it("lists first, for a wire of a meaning, each node's inputs made for it", () => {
    // "moisture" and Enter on the wind's wire picked "Moisture · noise", the first listed: the
    // air went into the noise and the moisture stayed flat.
    const ports = (meaning: Parameters<typeof wireItems>[2], type: string) => wireItems('output', 'field', meaning).filter((i) => i.type === type).map((i) => i.port);
    expect(ports('air', 'moisture')).toEqual(['air', 'noise', 'coast']);
    expect(ports('distance', 'moisture')).toEqual(['coast', 'noise', 'air']);
    expect(ports('moisture', 'whittaker')).toEqual(['moisture', 'temperature', 'coast']);
    expect(ports('rank', 'wind')).toEqual(['rank']);
    expect(ports('rank', 'temperature')).toEqual(['rank', 'coast', 'noise']);
    expect(searchMenu(wireItems('output', 'field', 'air'), 'moisture')[0].items[0].title).toBe('Moisture · air');
    // A meaning no input is made for, or none given: manifest order, as before.
    expect(ports('height', 'moisture')).toEqual(['noise', 'coast', 'air']);
    expect(ports(undefined, 'whittaker')).toEqual(['temperature', 'moisture', 'coast']);
    // Every input's `takes` names meanings some node's output has.
    const made = new Set(NODE_TYPES.flatMap((d) => Object.values(d.outputs).map((o) => o.meaning)));
    for (const d of NODE_TYPES) for (const [port, spec] of Object.entries(d.inputs)) for (const m of spec.takes ?? []) expect(made.has(m), `${d.type}.${port} takes ${m}`).toBe(true);
  });

  it('lists first, for a wire dragged back from an input made for some meanings, the outputs of those meanings', () => {
    // The Whittaker's temperature dragged to empty canvas listed every field output in menu
    // order, the Temperature 33rd, under the noises and erosions: Enter added an fBm noise.
    const from = (node: string, port: string) => {
      const spec = nodeDef(node)!.inputs[port];
      return wireItems('input', spec.type, undefined, spec.takes).map((i) => `${i.type}.${i.port}`);
    };
    expect(from('whittaker', 'temperature')[0]).toBe('temperature.out');
    expect(from('whittaker', 'moisture')[0]).toBe('moisture.out');
    expect(from('wind', 'rank')[0]).toBe('rank.out');
    expect(from('moisture', 'air')[0]).toBe('wind.out');
    expect(from('whittaker', 'coast')[0]).toBe('coast.out');
    expect(searchMenu(wireItems('input', 'field', undefined, ['temperature']), '')[0].items[0].title).toBe('Temperature');
    // Each made-for output first, the rest in menu order after them: the same items as without.
    for (const d of NODE_TYPES) {
      for (const [port, spec] of Object.entries(d.inputs)) {
        const list = from(d.type, port);
        const plain = wireItems('input', spec.type).map((i) => `${i.type}.${i.port}`);
        expect([...list].sort()).toEqual([...plain].sort());
        const isMade = (key: string) => {
          const [type, out] = key.split('.');
          return spec.takes?.includes(nodeDef(type)!.outputs[out].meaning) === true;
        };
        const firstOther = list.findIndex((k) => !isMade(k));
        expect(list.slice(firstOther < 0 ? list.length : firstOther).some(isMade), `${d.type}.${port}`).toBe(false);
        expect(list.filter((k) => !isMade(k))).toEqual(plain.filter((k) => !isMade(k)));
      }
    }
  });
});

describe('the words people see for a choice', () => {
  it('labels only options the param has, each with words of its own', () => {
    const labelled = NODE_TYPES.flatMap((d) => Object.entries(d.params).flatMap(([key, p]) => (p.kind === 'enum' && p.labels ? [{ at: `${d.type}.${key}`, p }] : [])));
    // The water's modes: "percent" read as a percentage where the share is a fraction 0 … 1.
    expect(labelled.map((l) => l.at)).toContain('water.mode');
    for (const { at, p } of labelled) {
      const words = Object.entries(p.labels!);
      for (const [option, label] of words) {
        expect(p.options, `${at}: label for "${option}"`).toContain(option);
        expect(label!.trim().length, `${at}.${option}`).toBeGreaterThan(0);
      }
      expect(new Set(words.map(([, w]) => w)).size, `${at}: two options with the same words`).toBe(words.length);
    }
  });
});

describe('params read only with some choices or with an input wired', () => {
  it('name an enum of their own node and options it has, or an optional input of their node', () => {
    const conditional = NODE_TYPES.flatMap((d) => Object.entries(d.params).flatMap(([key, p]) => (p.appliesWhen ? [{ d, at: `${d.type}.${key}`, when: p.appliesWhen }] : [])));
    expect(conditional.map((c) => c.at)).toEqual(expect.arrayContaining(['water.share', 'water.level', 'wind.lift', 'moisture.strength']));
    for (const { d, at, when } of conditional) {
      if ('wired' in when) {
        // An input that must be wired is no condition: only an optional one can leave it idle.
        expect(d.inputs[when.wired]?.optional, `${at} applies with ${when.wired} wired`).toBeTruthy();
        continue;
      }
      const on = d.params[when.param];
      expect(on?.kind, `${at} applies with ${when.param}`).toBe('enum');
      if (on?.kind === 'enum') for (const o of when.in) expect(on.options, at).toContain(o);
      // Read with the node's defaults or not, it is read with some choice: never dimmed for good.
      expect(when.in.length, at).toBeGreaterThan(0);
    }
  });

  it('are read with their choice and not with another', () => {
    const water = NODE_TYPES.find((d) => d.type === 'water')!;
    expect(paramApplies(water.params.share, { mode: 'percent' })).toBe(true);
    expect(paramApplies(water.params.share, { mode: 'raw' })).toBe(false);
    expect(paramApplies(water.params.level, { mode: 'raw' })).toBe(true);
    expect(paramApplies(water.params.cut, { mode: 'raw' })).toBe(true);
  });

  it('are read with their input wired and not without, and counted as read when the wiring is not known', () => {
    const wind = NODE_TYPES.find((d) => d.type === 'wind')!;
    expect(paramApplies(wind.params.lift, {}, (input) => input === 'rank')).toBe(true);
    expect(paramApplies(wind.params.lift, {}, () => false)).toBe(false);
    expect(paramApplies(wind.params.lift, {})).toBe(true);
    expect(paramApplies(wind.params.angle, {}, () => false)).toBe(true);
  });
});

describe('the choices a search names, set on the node picked from it', () => {
  const enums = NODE_TYPES.flatMap((d) => Object.entries(d.params).flatMap(([key, p]) => (p.kind === 'enum' ? [{ type: d.type, key, options: p.options, fallback: p.default }] : [])));

  it('sets a choice the query names whole, or by its first four letters or more, among other words', () => {
    expect(enums.length).toBeGreaterThan(0);
    for (const { type, key, options, fallback } of enums) {
      for (const o of options) {
        if (o === fallback) continue;
        expect(choicesNamed(type, o)[key], `${type}.${key} ${o}`).toBe(o);
        expect(choicesNamed(type, `some ${o.toUpperCase()} words`)[key]).toBe(o);
        if (o.length > 4 && !options.some((other) => other !== o && other.startsWith(o.slice(0, 4)))) expect(choicesNamed(type, o.slice(0, 4))[key]).toBe(o);
      }
    }
  });

  it('sets nothing for the default choice, for three letters, or for words no choice has', () => {
    for (const { type, key, options, fallback } of enums) {
      expect(choicesNamed(type, String(fallback))[key]).toBeUndefined();
      for (const o of options) if (o.length > 3 && o !== fallback && !options.includes(o.slice(0, 3))) expect(choicesNamed(type, o.slice(0, 3))[key]).toBeUndefined();
      expect(choicesNamed(type, 'zzzz qqqq')).toEqual({});
    }
    expect(choicesNamed('no such type', 'anything')).toEqual({});
  });
});

describe('a search in the words of a worldbuilder', () => {
  // Someone from Azgaar's Fantasy Map Generator ("Add range") or mapgen4 (painting mountains)
  // typed "mountain", "mountains" and "mountain range" and read "No node matches".
  it('finds the fBm noise for "mountain", "mountains" and "mountain range", and adds a ridged one', () => {
    for (const query of ['mountain', 'mountains', 'mountain range', 'Mountain ranges']) {
      const first = searchMenu(allItems(), query)[0]?.items[0];
      expect(first?.type, query).toBe('fbm');
      expect(choicesNamed('fbm', query), query).toEqual({ kind: 'ridged' });
    }
  });

  it("sets a choice a query word names in that choice's words only, never one two choices share", () => {
    // "round hills" is the billow's; "valleys" is in the billow's words alone, so it names it too.
    expect(choicesNamed('fbm', 'hills')).toEqual({ kind: 'billow' });
    expect(choicesNamed('fbm', 'crests')).toEqual({ kind: 'ridged' });
    // The choice's name still wins over another's words, and three letters name nothing.
    expect(choicesNamed('fbm', 'billow mountains')).toEqual({ kind: 'billow' });
    expect(choicesNamed('fbm', 'hil')).toEqual({});
    expect(choicesNamed('fbm', 'smooth')).toEqual({});
  });
});
