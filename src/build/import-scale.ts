// What an engine's import dialog asks, worked out from the build and the metres a person gives
// it (`build --metres-per-cell M --height-range H`): the model's heights have no unit, so the
// build cannot know them, but from them follow every number Unity's and Unreal's importers
// want, which the README's formulas had a person compute by hand.

import type { BuildPlan } from './plan.ts';

export interface ImportScale {
  /** Metres between neighbouring samples. */
  readonly metresPerCell: number;
  /** Metres from a 16-bit layer's 0 to its 65535 (the build's value range of the layer). */
  readonly heightRange: number;
}

/** Unreal maps 0 … 65535 to ±256 m at a Z scale of 100 (centimetres). */
const UNREAL_Z_METRES_AT_100 = 512;

/** What the engines' settings follow from in a plan: the tiles' side and count (the editor's Tiles box has these before any plan). */
export type TilesShape = Pick<BuildPlan, 'tileSize' | 'tilesX' | 'tilesY'>;

/** The manifest's `import` block: each engine's settings for these tiles at this scale. */
export function importSettings(plan: TilesShape, scale: ImportScale) {
  const tileMetres = (plan.tileSize - 1) * scale.metresPerCell;
  return {
    metresPerCell: scale.metresPerCell,
    heightRange: scale.heightRange,
    tileMetres,
    unity: {
      heightmapResolution: plan.tileSize,
      terrainWidth: tileMetres,
      terrainLength: tileMetres,
      terrainHeight: scale.heightRange,
      tilesX: plan.tilesX,
      tilesZ: plan.tilesY,
      totalWidth: plan.tilesX * tileMetres,
      totalLength: plan.tilesY * tileMetres,
    },
    unreal: {
      scaleX: scale.metresPerCell * 100,
      scaleY: scale.metresPerCell * 100,
      scaleZ: (scale.heightRange / UNREAL_Z_METRES_AT_100) * 100,
    },
  };
}

function metres(m: number): string {
  return `${Number(m.toPrecision(10)).toLocaleString('en')} m`;
}

/** The same as one line for the terminal. */
export function importSummary(plan: TilesShape, scale: ImportScale): string {
  const s = importSettings(plan, scale);
  const z = Number(s.unreal.scaleZ.toPrecision(8));
  return (
    `import at ${metres(scale.metresPerCell)} a sample, ${metres(scale.heightRange)} from 0 to 65535: ` +
    `Unity, ${s.unity.tilesX} × ${s.unity.tilesZ} terrains of ${metres(s.tileMetres)} × ${metres(s.tileMetres)}, height ${metres(scale.heightRange)}, ` +
    `resolution ${plan.tileSize} (Toolbox: total ${metres(s.unity.totalWidth)} × ${metres(s.unity.totalLength)}); ` +
    `Unreal, scale ${s.unreal.scaleX}, ${s.unreal.scaleY}, ${z}`
  );
}
