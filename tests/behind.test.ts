// When the viewer's picture is behind the graph: the key of what a node's value depends on
// (valueKey), and the session's `behind`, true from an edit upstream of the shown node until the
// worker has answered it, never for an edit that cannot change the picture.
import { describe, expect, it } from 'vitest';
import { EditorCore } from '../src/editor/editor.ts';
import { valueKey } from '../src/model/graph.ts';
import { DEFAULT, setup } from './helpers/viewer-setup.ts';

describe('valueKey', () => {
  it('changes with a param, a wire, the bypass or the view upstream, not with a title, a place, a collapse or an edit downstream', () => {
    const core = new EditorCore(DEFAULT);
    const key = () => valueKey(core.graph, ['water']);
    const first = key();
    // Nothing that changes the water's value.
    core.setTitle('cont', 'Continent');
    core.moveNodes([{ id: 'height', position: [900, 900] }]);
    core.setFlag(['contCurve'], 'collapsed', true);
    core.setParam('biomes', 'beachWidth', 2);
    core.setParam('wind', 'angle', 90);
    expect(key()).toBe(first);
    // Each of these does.
    const seen = new Set([first]);
    const changed = (edit: () => void) => {
      edit();
      const k = key();
      expect(seen.has(k)).toBe(false);
      seen.add(k);
    };
    changed(() => core.setParam('cont', 'seed', 77));
    changed(() => core.setFlag(['contCurve'], 'bypass', true));
    changed(() => core.setView({ x: 0.5 }));
    changed(() => core.setView({ size: 128 }));
    changed(() => core.disconnect(core.graph.edges.find((e) => e.to.node === 'height')!));
  });

  it('of several nodes, holds what each depends on: the rivers drawn over a picture count', () => {
    const core = new EditorCore(DEFAULT);
    const water = valueKey(core.graph, ['water']);
    const both = valueKey(core.graph, ['water', 'moisture']);
    core.setParam('moistNoise', 'seed', 5);
    expect(valueKey(core.graph, ['water'])).toBe(water);
    expect(valueKey(core.graph, ['water', 'moisture'])).not.toBe(both);
  });
});

describe("the viewer's picture behind the graph", () => {
  it('is behind from an edit upstream of the shown node until the answer, and never for an edit downstream', async () => {
    const { core, session, client, settle } = setup();
    core.select(['water']);
    await settle();
    expect(session.behind).toBe(false);

    core.setParam('cont', 'seed', 77);
    expect(client.answered).toBe(false);
    expect(session.behind).toBe(true);
    await settle();
    expect(session.behind).toBe(false);

    // Downstream of the water: the worker computes, the water's picture stays current.
    core.setParam('biomes', 'beachWidth', 2);
    expect(client.answered).toBe(false);
    expect(session.behind).toBe(false);
    await settle();

    // The view moved: every picture is behind until the answer.
    core.setView({ x: 0.25 });
    expect(session.behind).toBe(true);
    await settle();
    expect(session.behind).toBe(false);
  });

  it('tells its views when it falls behind and when it catches up', async () => {
    const { core, session, settle } = setup();
    core.select(['water']);
    await settle();
    const told: boolean[] = [];
    session.subscribe((c) => c.has('state') && told.push(session.behind));
    core.setParam('cont', 'seed', 78);
    await settle();
    expect(told[0]).toBe(true);
    expect(told.at(-1)).toBe(false);
  });
});
