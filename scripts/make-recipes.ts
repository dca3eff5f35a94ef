// Writes the recipe files of graphs/ from graphs/default.json and the edits in
// src/recipes/recipes.ts, so every recipe shares the calibrated climate defaults.
//
//   npx tsx scripts/make-recipes.ts        (or: npm run recipes)
//
// Run it after changing the defaults in graphs/default.json or a recipe's edits. The canvas
// layout (positions, collapsed nodes, reroute dots, frames) of a file already shipped is kept.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseGraph, serializeGraph } from '../src/model/format.ts';
import { buildRecipe, keepLayout } from '../src/recipes/build.ts';
import { RECIPES } from '../src/recipes/recipes.ts';

const base = parseGraph(readFileSync('graphs/default.json', 'utf8'), { file: 'default.json' });
for (const recipe of RECIPES) {
  const path = `graphs/${recipe.file}`;
  const built = buildRecipe(base, recipe);
  const graph = existsSync(path) ? keepLayout(built, parseGraph(readFileSync(path, 'utf8'), { file: recipe.file })) : built;
  const text = serializeGraph(graph);
  parseGraph(text, { file: recipe.file }); // refuse to write a file that would not load
  writeFileSync(path, text);
  console.log(path);
}
