// Rete's view objects: one per model node and wire, mirroring the model and holding nothing
// of their own. Sockets carry their port type, so the view can colour them and refuse wires.

import { ClassicPreset, type GetSchemes } from 'rete';
import type { AreaPlugin } from 'rete-area-plugin';
import { nodeDef } from '../../../nodes/index.ts';
import type { Edge, GraphNode } from '../../model/graph.ts';
import type { PortType } from '../../model/values.ts';
import type { EditorCore } from '../../editor/editor.ts';
import { edgeKey } from '../../editor/wiring.ts';
import type { PreviewStore } from '../previews.ts';
import { nodeSize } from '../node/layout.ts';

/** What a node view reads: the model (to draw params) and the previews (to draw pictures). */
export interface NodeContext {
  readonly core: EditorCore;
  readonly previews: PreviewStore;
}

export class TypedSocket extends ClassicPreset.Socket {
  constructor(readonly portType: PortType) {
    super(portType);
  }
}

export class ViewNode extends ClassicPreset.Node<Record<string, TypedSocket>, Record<string, TypedSocket>> {
  readonly width: number;
  readonly height: number;
  readonly nodeType: string;
  /** Drawn collapsed: its size differs, so a change of it makes a new view. */
  readonly collapsed: boolean;

  constructor(
    model: Readonly<GraphNode>,
    readonly ctx: NodeContext,
  ) {
    super(model.title);
    const def = nodeDef(model.type);
    if (!def) throw new Error(`unknown node type "${model.type}"`);
    this.id = model.id;
    this.nodeType = model.type;
    this.collapsed = !!model.collapsed;
    ({ width: this.width, height: this.height } = nodeSize(def, this.collapsed));
    for (const [key, spec] of Object.entries(def.inputs)) this.addInput(key, new ClassicPreset.Input(new TypedSocket(spec.type), key, false));
    for (const [key, spec] of Object.entries(def.outputs)) this.addOutput(key, new ClassicPreset.Output(new TypedSocket(spec.type), key, true));
  }
}

export class ViewConnection extends ClassicPreset.Connection<ViewNode, ViewNode> {
  /** Set on the wire that follows the pointer while one is being drawn. */
  isPseudo?: boolean;
  readonly portType: PortType;

  constructor(source: ViewNode, target: ViewNode, readonly edge: Edge) {
    super(source, edge.from.port, target, edge.to.port);
    this.id = edgeKey(edge);
    this.portType = (source.outputs[edge.from.port]?.socket as TypedSocket | undefined)?.portType ?? 'field';
  }
}

export type Schemes = GetSchemes<ViewNode, ViewConnection>;

/** The model wire a rete connection stands for. */
export function edgeOf(c: { source: string; sourceOutput: string | number | symbol; target: string; targetInput: string | number | symbol }): Edge {
  return { from: { node: c.source, port: String(c.sourceOutput) }, to: { node: c.target, port: String(c.targetInput) } };
}

/** A client point in canvas units, under the area's pan and zoom as they are now. */
export function canvasPoint(area: AreaPlugin<Schemes, never>, clientX: number, clientY: number): [number, number] {
  const rect = area.container.getBoundingClientRect();
  const t = area.area.transform;
  return [(clientX - rect.left - t.x) / t.k, (clientY - rect.top - t.y) / t.k];
}
