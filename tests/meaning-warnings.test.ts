// A wire whose output means something else than its input is made for (InputSpec.takes) says so:
// src/model/values.ts meaningMismatch, src/editor/wiring.ts meaningWarning and the ports a new
// node's wire joins (wireOntoNode, portOffers). Everything here is computed from the manifests.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGraph } from '../src/index.ts';
import { NODE_TYPES } from '../nodes/index.ts';
import { meaningWarning, meaningWarnings, portOffers, wireOntoNode } from '../src/editor/wiring.ts';
import type { Graph } from '../src/model/graph.ts';
import type { AnyNodeDef } from '../src/model/manifest.ts';
import { canConnect, type Meaning, MEANING_WORDS, meaningMismatch } from '../src/model/values.ts';

const ALL_MEANINGS = Object.keys(MEANING_WORDS) as Meaning[];
const outputs = NODE_TYPES.flatMap((def) => Object.entries(def.outputs).map(([port, spec]) => ({ def, port, spec })));
const inputs = NODE_TYPES.flatMap((def) => Object.entries(def.inputs).map(([port, spec]) => ({ def, port, spec })));

/** A graph of one node of `from`'s type and one of `to`'s, the first's `out` wired into the second's `into`. */
function pair(from: AnyNodeDef, out: string, to: AnyNodeDef, into: string): Graph {
  const params = (d: AnyNodeDef) => Object.fromEntries(Object.entries(d.params).map(([k, s]) => [k, s.default]));
  return {
    version: 0,
    nodes: [
      { id: 'a', type: from.type, title: `Source ${from.title}`, params: params(from), position: { x: 0, y: 0 } },
      { id: 'b', type: to.type, title: to.title, params: params(to), position: { x: 300, y: 0 } },
    ],
    edges: [{ from: { node: 'a', port: out }, to: { node: 'b', port: into } }],
  } as unknown as Graph;
}

describe('the meaning a wire brings', () => {
  it('warns exactly when the input declares what it takes and the output has another specific meaning, for every pair of ports', () => {
    let warned = 0;
    let silent = 0;
    for (const o of outputs) {
      for (const i of inputs) {
        if (o.def === i.def || !canConnect(o.spec.type, i.spec.type)) continue;
        const warning = meaningWarning(pair(o.def, o.port, i.def, i.port), { from: { node: 'a', port: o.port }, to: { node: 'b', port: i.port } });
        const expected = !!i.spec.takes && !i.spec.takes.includes(o.spec.meaning) && o.spec.meaning !== 'value' && o.spec.meaning !== 'unit';
        expect(warning !== null, `${o.def.type}.${o.port} (${o.spec.meaning}) → ${i.def.type}.${i.port} (${i.spec.takes ?? 'any'})`).toBe(expected);
        if (warning) {
          warned++;
          // In the meanings' words and the source's title: what the input is made for, what comes.
          expect(warning).toBe(`${i.port} is made for ${i.spec.takes!.map((m) => MEANING_WORDS[m].a).join(' or ')}; this wire brings Source ${o.def.title}'s ${MEANING_WORDS[o.spec.meaning].of}`);
        } else silent++;
      }
    }
    // Both kinds occur: the rule is not vacuous over the shipped node types.
    expect(warned).toBeGreaterThan(0);
    expect(silent).toBeGreaterThan(0);
  });

  it("words the wind's air in the biomes' temperature as a person reads it", () => {
    const wind = NODE_TYPES.find((d) => Object.values(d.outputs).some((s) => s.meaning === 'air'))!;
    const air = Object.keys(wind.outputs).find((k) => wind.outputs[k].meaning === 'air')!;
    const biomes = NODE_TYPES.find((d) => d.inputs.temperature?.takes?.includes('temperature') && Object.values(d.outputs).some((s) => s.meaning === 'biome'))!;
    const g = pair(wind, air, biomes, 'temperature');
    expect([...meaningWarnings(g, 'b')]).toEqual([['temperature', `temperature is made for a temperature; this wire brings Source ${wind.title}'s air`]]);
    expect(meaningWarnings(g, 'a').size).toBe(0);
  });

  it('never warns for an input without takes, nor for a meaning that says only its range', () => {
    for (const m of ALL_MEANINGS) expect(meaningMismatch(m, undefined)).toBe(false);
    for (const i of inputs) {
      expect(meaningMismatch('value', i.spec.takes)).toBe(false);
      expect(meaningMismatch('unit', i.spec.takes)).toBe(false);
      for (const m of i.spec.takes ?? []) expect(meaningMismatch(m, i.spec.takes)).toBe(false);
    }
  });

  it('a wire from a new node joins an input made for it, else one that fits, else the first (which then warns)', () => {
    for (const o of outputs) {
      for (const to of NODE_TYPES) {
        if (to === o.def) continue;
        const g = pair(o.def, o.port, to, Object.keys(to.inputs)[0] ?? 'none');
        const alone: Graph = { ...g, edges: [] };
        const made = wireOntoNode(alone, { side: 'output', node: 'a', port: o.port }, 'b');
        const typed = Object.keys(to.inputs).filter((k) => canConnect(o.spec.type, to.inputs[k].type));
        if (!typed.length) continue;
        expect('edge' in made, `${o.def.type}.${o.port} onto ${to.type}`).toBe(true);
        if (!('edge' in made)) continue;
        const port = made.edge.to.port;
        const madeFor = typed.find((k) => to.inputs[k].takes?.includes(o.spec.meaning));
        const fits = typed.find((k) => !meaningMismatch(o.spec.meaning, to.inputs[k].takes));
        expect(port, `${o.def.type}.${o.port} (${o.spec.meaning}) onto ${to.type}`).toBe(madeFor ?? fits ?? typed[0]);
        // The palette's item for the type names the same input first.
        const offer = portOffers('output', o.spec.type, o.spec.meaning).find((x) => x.def === to);
        expect(offer?.port).toBe(port);
        // It warns only when nothing of the type fits.
        expect(meaningWarning({ ...alone, edges: [made.edge] }, made.edge) !== null).toBe(!madeFor && !fits);
      }
    }
  });

  it('no shipped graph has a wire that warns', () => {
    for (const name of readdirSync('graphs').filter((f) => f.endsWith('.json'))) {
      const g = parseGraph(readFileSync(`graphs/${name}`, 'utf8'));
      expect(g.edges.map((e) => meaningWarning(g, e)).filter(Boolean), name).toEqual([]);
    }
  });
});
