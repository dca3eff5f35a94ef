// One param's control, generated from its manifest spec: no param name, range or step is
// written anywhere in the editor; they all come from nodes/*.ts.

import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import { BIOMES } from '../../model/biomes.ts';
import { type AnyParamValue, appliesWords, type IntParam, type NumberParam, paramLabel, type ParamSpec } from '../../model/params.ts';
import { ink } from '../biome-table/biome-table.ts';
import { EscapeDuringDrag } from '../controllers.ts';
import { appEvent, type ParamEditDetail, realNumberKeys, trueMinus } from '../events.ts';
import styles from './param.styles.ts';
import { fromPosition, isLog, keyedValue, snap, toPosition, TRACK } from './slider-scale.ts';

/**
 * How much slower a Shift-drag moves a slider than a plain one: the wind's 0…360° on a 60 px
 * track was 6° a pixel, and 1° steps took a typed value (as in Blender, Shift is the fine drag).
 */
export const FINE_DRAG = 10;

/** A key that starts a number typed on a focused slider (sliderKey): a digit, a point or a minus. */
const NUMBER_KEY = /^[0-9.\-−]$/;

/** A number slider's tooltip on its fine drag. */
const FINE_TIP = `Shift+drag for fine steps (${FINE_DRAG}× slower)`;

/** Digits a number shows with: enough for its step, at most 4. */
function digitsFor(step: number): number {
  if (step >= 1) return 0;
  return Math.min(4, Math.max(0, Math.ceil(-Math.log10(step) - 1e-9)));
}

/**
 * The value for the typed-entry field: rounded to its step's digits without trailing zeros
 * (0.5, not 0.500), but never hiding digits the value really has (a file may say 0.274 for a
 * param whose slider steps by 0.005). The slider's step is for dragging, not a rule.
 */
function formatTyped(value: number, step: number): string {
  const rounded = Number(value.toFixed(digitsFor(step)));
  return rounded === value ? String(rounded) : String(Number(value.toPrecision(6)));
}

/**
 * The width of a number param's field when its range's ends are longer than the 46 px every field
 * has (five characters): as wide as the longer end, so a value at the end shows whole (the Flow's
 * river area, 1…100000, showed 10000 at 100000). Fixed by the range, not the value, so the field
 * keeps its width while the slider moves it.
 */
function numberWidth(min: number, max: number, step: number): string {
  const chars = Math.max(formatTyped(min, step).length, formatTyped(max, step).length);
  if (chars <= 5) return '';
  const width = `calc(${chars}ch + 10px)`;
  return `flex-basis: ${width}; width: ${width}`;
}

/** "0…1", "−1…1 °C": the range of a number param with its unit, beside the control. */
export function rangeText(spec: ParamSpec): string {
  if (spec.kind !== 'number' && spec.kind !== 'int') return '';
  const n = (v: number) => (Math.abs(v) >= 1e6 ? v.toExponential(0) : String(v)).replace('-', '−');
  return `${n(spec.min)}…${n(spec.max)}${spec.unit ? ` ${spec.unit}` : ''}`;
}

function rangeTitle(spec: ParamSpec): string {
  const range = rangeText(spec);
  return range ? ` Range ${range}.` : '';
}

/**
 * A typed number brought into the param's range (and to a whole number for an int param),
 * with a sentence saying what was done when it was needed: an entry out of range is set to
 * the nearest end rather than refused, so the person sees at once how far the param goes.
 * `label` names the node and the param ("Water level, sea share of the cut"): the sentence is
 * shown in a toast, away from the control.
 */
export function clampTyped(v: number, spec: NumberParam | IntParam, label: string): { value: number; note?: string } {
  let value = spec.kind === 'int' ? Math.round(v) : v;
  const notes: string[] = [];
  if (value !== v) notes.push(`${label} takes whole numbers: ${v} set to ${value}`);
  if (value > spec.max) {
    notes.push(`${label}: ${v} is above the largest value it takes, ${spec.max}; set to ${spec.max}`);
    value = spec.max;
  } else if (value < spec.min) {
    notes.push(`${label}: ${v} is below the smallest value it takes, ${spec.min}; set to ${spec.min}`);
    value = spec.min;
  }
  return notes.length ? { value, note: notes[notes.length - 1] } : { value };
}

const ROW_NAMES = ['cold', 'cool', 'warm', 'hot'];

function biomeColor(name: string): string {
  const b = BIOMES.find((x) => x.name === name);
  return b ? `rgb(${b.color.join(',')})` : '#888';
}

/**
 * A param control: a slider with typed entry for numbers (range and step from the manifest),
 * a select for choices, a checkbox for switches, a seed field with a reroll button, a text
 * field for knot lists and a grid of selects for the biome table.
 *
 * @event tg-param-edit - The person edited the value (see ParamEditDetail for the phases).
 */
export class TgParam extends LitElement {
  static override styles = styles;

  /** The node the param belongs to. */
  @property() nodeId = '';

  /** That node's title, which a notice about the value names (a card or a toast is read apart from its node). */
  @property() nodeTitle = '';

  /** The param's name in the manifest (reflected, so tests and styles can find a control). */
  @property({ reflect: true }) name = '';

  /** The param's manifest entry. */
  @property({ attribute: false }) spec!: ParamSpec;

  /** The current value, from the model. */
  @property({ attribute: false }) value!: AnyParamValue;

  /** True when the node does not read this param with its other params now (ParamBase.appliesWhen): drawn dimmed, still editable. */
  @property({ type: Boolean, reflect: true }) unused = false;

  /** The spec's kind, reflected for styling. */
  @property({ reflect: true }) kind = '';

  /**
   * Laid out for a params card: a slider's name and range on a line above it, so the track
   * takes the card's width (in a 244-px card on one row, the river area's 1…100000 got 41 px),
   * and names wrap rather than being cut. An expanded node keeps its one fixed-height row.
   */
  @property({ type: Boolean, reflect: true }) stacked = false;

  private dragging = false;

  /**
   * A drag let go with Escape while the button is still held: the browser's own drag of the
   * range goes on until the release, and its moves are ignored (each was a step of its own).
   */
  private cancelled = false;

  /** A Shift-drag in progress: where it started, in page pixels and in the slider's own units. */
  private fine: { x: number; position: number; width: number } | null = null;

  override willUpdate(): void {
    this.kind = this.spec?.kind ?? '';
    // A slider row (not a seed's field and button), which a card stacks.
    const spec = this.spec;
    this.toggleAttribute('slider', !!spec && (spec.kind === 'number' || (spec.kind === 'int' && !spec.seed)));
  }

  override render() {
    const spec = this.spec;
    if (!spec) return nothing;
    const hint = spec.kind === 'number' && spec.hint ? spec.hint(this.value as number) : '';
    const words = paramLabel(this.name, spec);
    const when = this.unused && spec.appliesWhen ? ` Not read now: it applies with ${appliesWords(spec.appliesWhen)}.` : '';
    // A log slider says so beside its name: its track gave no sign that its middle is 1.8 of 0.05…64.
    const log = (spec.kind === 'number' || spec.kind === 'int') && isLog(spec);
    const scale = log ? ' Its slider is logarithmic: each part of the track multiplies the value by about the same factor.' : '';
    const label = html`<label title="${words} (${this.name})${hint ? `, ${hint}` : ''}: ${spec.doc}${rangeTitle(spec)}${scale}${when}"
      >${words}${hint ? html`<span class="hint"> ${hint}</span>` : nothing}${log ? html` <span class="log">log scale</span>` : nothing}</label
    >`;
    switch (spec.kind) {
      case 'number':
      case 'int': {
        const step = spec.kind === 'int' ? 1 : spec.step;
        const v = this.value as number;
        // A log slider runs over thumb positions 0…TRACK, which slid() maps to values: the native
        // range input knows only a linear scale.
        if (spec.kind === 'int' && spec.seed) {
          return html`${label}
            <input class="wide" type="number" name=${this.name} min=${spec.min} max=${spec.max} step="1" .value=${live(String(v))} @change=${this.typed} title=${rangeText(spec)} />
            <button title="Reroll: a new random seed" @click=${this.reroll} aria-label="reroll ${this.name}">⟳</button>`;
        }
        // The number field's keys: a whole number's keeps the browser's comma (one between
        // thousands is dropped, "10,000" read right), and both take a true minus.
        return html`${label}
          <input
            type="range"
            name=${this.name}
            class=${log ? 'log' : ''}
            min=${log ? 0 : spec.min}
            max=${log ? TRACK : spec.max}
            step=${log ? 1 : step}
            .value=${live(String(log ? toPosition(spec, v) : v))}
           
            aria-valuetext=${log ? `${formatTyped(v, step)}${spec.unit ? ` ${spec.unit}` : ''}` : nothing}
            title=${log ? `Logarithmic: each part of the track multiplies the value by about the same factor. ${FINE_TIP}` : FINE_TIP}
            @keydown=${this.sliderKey}
            @pointerdown=${this.dragStart}
            @pointermove=${this.fineMove}
            @mousedown=${this.noNativeFine}
            @pointerup=${this.dragEnd}
            @lostpointercapture=${this.dragEnd}
            @input=${this.slid}
            @change=${this.dragEnd}
          />
          <input type="number" min=${spec.min} max=${spec.max} step="any" style=${numberWidth(spec.min, spec.max, step)} .value=${live(formatTyped(v, step))} @keydown=${spec.kind === 'number' ? realNumberKeys : trueMinus} @change=${this.typed} title=${rangeText(spec)} />
          <span class="range" title="The range this param takes; a typed value outside it is set to the nearest end"
            >${rangeText({ ...spec, unit: undefined })}${spec.unit ? html`<span class="unit"> ${spec.unit}</span>` : nothing}</span
          >`;
      }
      case 'enum':
        return html`${label}
          <select name=${this.name} @change=${(e: Event) => this.send('set', (e.target as HTMLSelectElement).value)}>
            ${spec.options.map((o) => html`<option value=${o} ?selected=${o === this.value}>${spec.labels?.[o] ?? o}</option>`)}
          </select>`;
      case 'bool':
        return html`${label}<input type="checkbox" name=${this.name} .checked=${live(this.value as boolean)} @change=${(e: Event) => this.send('set', (e.target as HTMLInputElement).checked)} />`;
      case 'numbers':
        return html`${label}<input
            class="wide"
            type="text"
            name=${this.name}
            .value=${live((this.value as number[]).join(', '))}
            title="${spec.minCount}–${spec.maxCount} increasing values within ${spec.min} … ${spec.max}"
            @change=${this.typedList}
          />`;
      case 'table': {
        const table = this.value as string[][];
        return html`<div class="table" title=${spec.doc}>
          ${table.map(
            (row, r) => html`<span>${ROW_NAMES[r] ?? r}</span>${row.map(
              // The biome's whole name on two lines, the select over it unseen: a select shows one
              // line, which cut four cells to "temperat…" in a 78 px column.
              (cell, c) => html`<div class="cell" style="background:${biomeColor(cell)};color:${ink(cell)}" title="${ROW_NAMES[r] ?? r}, moisture column ${c + 1}: ${cell}"
                ><div class="name">${cell}</div
                ><select
                  name="${this.name}[${r}][${c}]"
                  aria-label="${ROW_NAMES[r] ?? r}, moisture column ${c + 1}"
                  @change=${(e: Event) => this.setCell(r, c, (e.target as HTMLSelectElement).value)}
                >
                  ${spec.options.map((o) => html`<option value=${o} ?selected=${o === cell}>${o}</option>`)}
                </select></div
              >`,
            )}`,
          )}
        </div>`;
      }
      case 'points':
        return nothing;
    }
  }

  private send(phase: ParamEditDetail['phase'], value?: AnyParamValue, note?: string): void {
    this.dispatchEvent(appEvent('tg-param-edit', { nodeId: this.nodeId, key: this.name, phase, value, note }));
  }

  private dragStart(e: PointerEvent): void {
    if (e.button !== 0) return;
    // A value typed in this param's field and not entered is set first, a step of its own, as
    // leaving the field sets it: left to the focus's move, it came after the drag's begin and
    // joined the drag's step, or (a Shift-drag keeps the focus) was drawn over. I did not drop
    // it: nothing else in the editor drops what was typed but Escape.
    const field = this.renderRoot.querySelector<HTMLInputElement>('input[type="number"]');
    if (field && this.shadowRoot?.activeElement === field) field.blur();
    this.dragging = true;
    this.cancelled = false;
    this.escape.arm();
    if (e.shiftKey) {
      // The slider follows this pointer from here, not the browser: the thumb does not jump to it.
      const input = e.target as HTMLInputElement;
      e.preventDefault();
      input.setPointerCapture(e.pointerId);
      this.fine = { x: e.clientX, position: Number(input.value), width: input.getBoundingClientRect().width };
    }
    this.send('begin');
  }

  /** The browser's own drag stays out of a Shift-drag (cancelling pointerdown does not stop it). */
  private noNativeFine(e: MouseEvent): void {
    if (e.shiftKey) e.preventDefault();
  }

  /** A Shift-drag: the value moves a FINE_DRAG-th as far as the pointer, on the param's scale and step. */
  private fineMove(e: PointerEvent): void {
    const fine = this.fine;
    const spec = this.spec;
    if (!fine || !this.dragging || (spec.kind !== 'number' && spec.kind !== 'int')) return;
    const input = e.target as HTMLInputElement;
    const low = Number(input.min);
    const high = Number(input.max);
    const position = Math.min(high, Math.max(low, fine.position + ((e.clientX - fine.x) / Math.max(1, fine.width)) * ((high - low) / FINE_DRAG)));
    const v = isLog(spec) ? fromPosition(spec, Math.round(position)) : snap(spec, position);
    if (v !== this.value) this.send('update', v);
  }

  private slid(e: Event): void {
    if (this.cancelled) {
      // The thumb back where the param is (live() in render).
      this.requestUpdate();
      return;
    }
    const spec = this.spec;
    const position = Number((e.target as HTMLInputElement).value);
    const v = (spec.kind === 'number' || spec.kind === 'int') && isLog(spec) ? fromPosition(spec, position) : position;
    // Arrow keys move a focused slider without a drag: each press is its own step.
    this.send(this.dragging ? 'update' : 'set', v);
  }

  /**
   * Keys on a focused slider. A number typed there (a real number's decimal comma first too)
   * goes into the slider's number field, its text selected so the key types over it (Enter or
   * Tab then sets it): Tab through a card stops on each slider before its number, and a number
   * typed on a slider did nothing at all, said nothing, so a person typing values down a card
   * lost every other one. Arrow keys, Page Up/Down, Home and End stay the slider's (a log
   * slider's: logKey).
   */
  private sliderKey(e: KeyboardEvent): void {
    const spec = this.spec;
    if ((spec.kind !== 'number' && spec.kind !== 'int') || e.altKey || e.ctrlKey || e.metaKey) return;
    // A decimal comma first (",5") is a real number's point, as in its field (decimalComma).
    const comma = e.key === ',' && spec.kind === 'number';
    if (NUMBER_KEY.test(e.key) || comma) {
      const field = (e.target as HTMLElement).parentNode?.querySelector<HTMLInputElement>('input[type="number"]');
      if (!field) return;
      // Not prevented: the browser types the key into the field the focus has moved to. The
      // comma and the true minus, which that field drops, are typed there as a point and a "-",
      // as the field's own keys type them.
      field.focus();
      field.select();
      (spec.kind === 'number' ? realNumberKeys : trueMinus)(e);
      return;
    }
    if (isLog(spec)) this.logKey(e);
  }

  /** Keys on a log slider move along its log scale (see keyedValue): left to the browser, an arrow moved a thousandth of the track, lost to snapping. */
  private logKey(e: KeyboardEvent): void {
    const spec = this.spec;
    if ((spec.kind !== 'number' && spec.kind !== 'int') || e.altKey || e.ctrlKey || e.metaKey) return;
    const v = keyedValue(spec, this.value as number, e.key);
    if (v === undefined) return;
    e.preventDefault();
    if (v !== this.value) this.send('set', v);
  }

  private dragEnd(): void {
    if (!this.dragging) return;
    this.stopDrag();
    this.send('commit');
  }

  /**
   * Escape during a drag (EscapeDuringDrag): the drag is cancelled, the value back to where it
   * was and the undo list as before the drag (an edit made meanwhile stays: history.ts). It did
   * nothing to the drag: the canvas took the keys back, the browser filed the drag at the blur,
   * and the moves after it, until the release, were each a step of their own.
   */
  private readonly escape = new EscapeDuringDrag(this, () => {
    if (!this.dragging) return;
    this.stopDrag();
    this.cancelled = true;
    window.addEventListener('pointerup', this.released, true);
    window.addEventListener('pointercancel', this.released, true);
    this.send('cancel');
    this.requestUpdate();
  });

  /** The button let go after a drag cancelled: the slider is the person's again. */
  private readonly released = (): void => {
    this.cancelled = false;
    window.removeEventListener('pointerup', this.released, true);
    window.removeEventListener('pointercancel', this.released, true);
  };

  private stopDrag(): void {
    this.dragging = false;
    this.fine = null;
    this.escape.disarm();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopDrag();
    this.released();
  }

  private typed(e: Event): void {
    const input = e.target as HTMLInputElement;
    const spec = this.spec;
    const v = Number(input.value.replace('−', '-'));
    if (input.value.trim() === '' || !Number.isFinite(v) || (spec.kind !== 'number' && spec.kind !== 'int')) {
      this.requestUpdate();
      return;
    }
    const words = paramLabel(this.name, spec);
    const { value, note } = clampTyped(v, spec, this.nodeTitle ? `${this.nodeTitle}, ${words}` : words);
    this.send('set', value, note);
    // If the model refused the value, show the model's value again.
    this.requestUpdate();
  }

  private typedList(e: Event): void {
    const input = e.target as HTMLInputElement;
    const words = input.value.split(/[,\s]+/).filter(Boolean);
    const list = words.map((t) => Number(t.replace('−', '-')));
    const bad = words.find((_, k) => !Number.isFinite(list[k]));
    if (bad !== undefined) {
      // Said, not only outlined: "0.5, x" was dropped with no word of why.
      input.classList.add('invalid');
      const label = paramLabel(this.name, this.spec);
      this.dispatchEvent(
        appEvent('tg-param-edit', { nodeId: this.nodeId, key: this.name, phase: 'set', refused: `${this.nodeTitle ? `${this.nodeTitle}, ` : ''}${label}: "${bad}" is not a number; nothing was set` }),
      );
      return;
    }
    input.classList.remove('invalid');
    this.send('set', list);
    this.requestUpdate();
  }

  private reroll(): void {
    const spec = this.spec;
    if (spec.kind !== 'int') return;
    // A seed is an input to the noise, not randomness inside a kernel: Math.random is fine here.
    const span = Math.min(spec.max - spec.min, 999_999);
    this.send('set', spec.min + Math.floor(Math.random() * (span + 1)));
  }

  private setCell(r: number, c: number, name: string): void {
    const table = (this.value as string[][]).map((row) => [...row]);
    table[r][c] = name;
    this.send('set', table);
  }
}
