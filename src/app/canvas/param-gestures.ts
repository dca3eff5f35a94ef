// A param's edits from a node's controls (tg-param-edit events) as core calls: a slider or
// curve-point drag is one undo step from begin to commit (cancel reverts it), a typed value or
// a click one "set"; a value out of range is refused with a notice.

import type { EditorCore } from '../../editor/editor.ts';
import { EditError, gestureEdits } from '../../editor/commands.ts';
import type { StepHandle } from '../../editor/timeline.ts';
import type { ParamEditDetail } from '../events.ts';

export class ParamGestures {
  private paramGesture: { key: string; step: StepHandle } | null = null;

  constructor(
    private readonly core: EditorCore,
    private readonly notice: (message: string, kind: 'refused' | 'info') => void,
  ) {}

  onEdit(d: ParamEditDetail): void {
    const key = `${d.nodeId}.${d.key}`;
    try {
      switch (d.phase) {
        case 'begin':
          this.paramGesture?.step.commit();
          this.paramGesture = { key, step: this.core.beginStep(`change ${d.key}`, gestureEdits.param(d.nodeId, d.key)) };
          return;
        case 'update':
        case 'set':
          if (d.refused) {
            this.notice(`Value refused: ${d.refused}`, 'refused');
            return;
          }
          if (d.value !== undefined) this.core.setParam(d.nodeId, d.key, d.value);
          if (d.note) this.notice(d.note, 'info');
          return;
        case 'commit':
          if (this.paramGesture?.key === key) {
            this.paramGesture.step.commit();
            this.paramGesture = null;
          }
          return;
        case 'cancel':
          if (this.paramGesture?.key === key) {
            const said = this.paramGesture.step.cancel();
            this.paramGesture = null;
            // Part of the drag stays when an edit made while it was held took its node away.
            if (said) this.notice(said, 'refused');
          }
          return;
      }
    } catch (err) {
      if (err instanceof EditError) this.notice(`Value refused: ${err.message}`, 'refused');
      else throw err;
    }
  }
}
