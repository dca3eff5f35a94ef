// The editor's words for an input with no wire: which node makes what it waits for.
import { describe, expect, it } from 'vitest';
import { NODE_TYPES } from '../nodes/index.ts';
import { inEditorWords } from '../src/engine/run-node.ts';
import type { Graph } from '../src/model/graph.ts';

/** A graph of one node of `type`, titled as its type is. */
function alone(type: string): Graph {
  const def = NODE_TYPES.find((d) => d.type === type)!;
  return { nodes: [{ id: 'n', type, title: def.title, position: [0, 0], params: {} }], edges: [] } as unknown as Graph;
}

const words = (type: string, port: string) => inEditorWords(`input "${port}" is not wired`, alone(type), 'n');

describe('an input that is not wired, in the editor', () => {
  it('names the nodes that make what it is made for, or for a terrain the nodes that make one', () => {
    // Under a new Whittaker biomes: 'input "temperature" is not wired', and a newcomer from Gaea
    // did not know which node makes a temperature.
    expect(words('whittaker', 'temperature')).toBe('input "temperature" is not wired: wire a Temperature into it');
    expect(words('whittaker', 'moisture')).toBe('input "moisture" is not wired: wire a Moisture into it');
    expect(words('whittaker', 'terrain')).toBe('input "terrain" is not wired: wire a Water level or a Fluvial erosion into it');
    expect(words('wind', 'terrain')).toBe('input "terrain" is not wired: wire a Water level or a Fluvial erosion into it');
    expect(words('moisture', 'noise')).toBe('input "noise" is not wired: wire an fBm noise or a Cellular noise into it');
  });

  it('says no more for an input any field feeds, nor in the engine\'s words', () => {
    expect(words('water', 'height')).toBe('input "height" is not wired');
    expect(words('curve', 'in')).toBe('input "in" is not wired');
    // Without a node (the command line's words), as it was.
    expect(inEditorWords('input "temperature" is not wired', alone('whittaker'))).toBe('input "temperature" is not wired');
  });
});
