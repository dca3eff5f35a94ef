// Every component's class doc is its manifest (STYLE.md: Shoelace-style): a class extending
// LitElement under src/app has a doc comment of its own, and the events it sends named there.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.styles.ts') ? [join(dir, e.name)] : []));
}

/** The LitElement classes of src/app and the doc comment right above each ('' when none). */
function componentDocs(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of files('src/app')) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      const base = statement.heritageClauses?.flatMap((h) => h.types.map((t) => t.expression.getText(source))) ?? [];
      if (!base.includes('LitElement')) continue;
      const docs = ts.getJSDocCommentsAndTags(statement).filter(ts.isJSDoc);
      out.set(`${file} ${statement.name.text}`, docs.map((d) => d.getText(source)).join('\n'));
    }
  }
  return out;
}

describe("the components' class docs", () => {
  it('document every LitElement class of src/app, the node view with its tg-param-edit event', () => {
    const docs = componentDocs();
    expect(docs.size).toBeGreaterThan(10);
    expect([...docs].filter(([, doc]) => !doc).map(([name]) => name)).toEqual([]);
    // A function put between the node view's doc and its class took the doc for its own.
    expect(docs.get('src/app/node/node.ts TgNode')).toContain('@event tg-param-edit');
  });
});
