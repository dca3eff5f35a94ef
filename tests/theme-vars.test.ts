// Every theme colour the components read is set by both themes. A `var(--tg-x, fallback)` whose
// --tg-x no theme sets takes its fallback in both, and the fallbacks are the dark theme's: the Tiles
// box's seams warning read #ffd27a on white (1.4 : 1) in the light theme until --tg-warning was set.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.ts$/.test(name) ? [path] : [];
  });
}

/** The custom properties a block of CSS sets: `--tg-x:` declarations. */
function declared(css: string): Set<string> {
  return new Set([...css.matchAll(/(--tg-[a-z0-9-]+)\s*:/g)].map((m) => m[1]));
}

/** The colours among them: `--tg-x: #…` or `rgb…` (the fonts are the same in both themes). */
function colours(css: string): Set<string> {
  return new Set([...css.matchAll(/(--tg-[a-z0-9-]+)\s*:\s*(#|rgb)/g)].map((m) => m[1]));
}

const html = readFileSync('index.html', 'utf8');
const darkCss = html.slice(html.indexOf(':root {'), html.indexOf(":root[data-theme='light']"));
const lightCss = html.slice(html.indexOf(":root[data-theme='light']"), html.indexOf('</style>'));
const dark = declared(darkCss);
const files = sources('src');
const text = files.map((f) => readFileSync(f, 'utf8')).join('\n');
/** Set by the code itself (style.setProperty), or by a component's own styles, not by a theme. */
const setInCode = new Set([...text.matchAll(/setProperty\('(--tg-[a-z0-9-]+)'/g)].map((m) => m[1]));
/** A component's documented hook for a page to size it (@cssproperty), with a default. */
const hooks = new Set([...text.matchAll(/@cssproperty (--tg-[a-z0-9-]+)/g)].map((m) => m[1]));
const setInStyles = declared(text);

describe('theme colours', () => {
  it('are set by the dark theme and the light theme alike', () => {
    const [d, l] = [colours(darkCss), colours(lightCss)];
    expect(d.size).toBeGreaterThan(20);
    expect([...d].filter((v) => !l.has(v))).toEqual([]);
    expect([...l].filter((v) => !d.has(v))).toEqual([]);
  });

  it('read by a component are set by the themes, the component or the code', () => {
    const read = new Set([...text.matchAll(/var\((--tg-[a-z0-9-]+)/g)].map((m) => m[1]));
    expect(read.size).toBeGreaterThan(20);
    const unset = [...read].filter((v) => !dark.has(v) && !setInCode.has(v) && !hooks.has(v) && !setInStyles.has(v));
    expect(unset).toEqual([]);
  });
});
