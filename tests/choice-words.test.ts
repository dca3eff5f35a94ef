// The docs a person reads in the editor (a node's tooltip and the viewer's text, a param's
// tooltip) name a choice with words its select shows. A select shows "share of the cut" and
// "fixed height"; a doc that went on "percent reads …; raw uses …" named choices nobody saw.
// The file's key may stand in parentheses after the words, for the node reference and files.
import { describe, expect, it } from 'vitest';
import { NODE_TYPES } from '../nodes/index.ts';

/** Every doc of a node type, with where it is. */
function docsOf(def: (typeof NODE_TYPES)[number]): [string, string][] {
  const out: [string, string][] = [[`${def.type} doc`, def.doc]];
  for (const [k, p] of Object.entries(def.inputs ?? {})) out.push([`${def.type} input ${k}`, p.doc]);
  for (const [k, p] of Object.entries(def.outputs ?? {})) out.push([`${def.type} output ${k}`, p.doc]);
  for (const [k, p] of Object.entries(def.params ?? {})) out.push([`${def.type} param ${k}`, p.doc]);
  return out;
}

/** The keys of labelled choices whose label does not hold the key as a word ('raw' is shown as 'fixed height'). */
function hiddenKeys(def: (typeof NODE_TYPES)[number]): string[] {
  const keys: string[] = [];
  for (const p of Object.values(def.params ?? {})) {
    if (p.kind !== 'enum' || !p.labels) continue;
    for (const o of p.options) {
      const label = (p.labels as Record<string, string | undefined>)[o];
      if (label !== undefined && !new RegExp(`\\b${o}\\b`).test(label)) keys.push(o);
    }
  }
  return keys;
}

describe('the words of a node’s docs', () => {
  it('name a labelled choice by the words its select shows, never open a clause with its file key', () => {
    const found: string[] = [];
    for (const def of NODE_TYPES) {
      for (const key of hiddenKeys(def)) {
        // A clause that opens with the key ("percent reads", "raw: the sea level") names the choice by it.
        const opens = new RegExp(`(^|[.;:] )${key.replace(/[-]/g, '\\-')}\\b(?!\\))`, 'i');
        for (const [where, doc] of docsOf(def)) if (opens.test(doc)) found.push(`${where}: "${key}" in ${JSON.stringify(doc.slice(0, 90))}…`);
      }
    }
    expect(found).toEqual([]);
  });
});
