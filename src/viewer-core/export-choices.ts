// The export's size and mesh options as the person last set them in the viewer, kept across
// reloads (settings.ts: per browser, not per graph). Each part is checked on its own when read
// back: a size the panel does not offer, or a mesh option out of range, falls back to its
// default and leaves the others as they were kept.

import { MESH_DEFAULTS, MESH_SIDES, type MeshOption, meshOptionProblems, type MeshOptions } from '../render/land-mesh.ts';
import { fields, readSetting, type SettingStore, writeSetting } from './settings.ts';

/** The export's size (cells a side; null: the view's own) and the mesh's options (the glb format). */
export interface ExportChoices {
  readonly size: number | null;
  readonly mesh: MeshOptions;
}

export const DEFAULT_EXPORT_CHOICES: ExportChoices = Object.freeze({ size: null, mesh: MESH_DEFAULTS });

/** The key of the export choices in the store: the viewer's own state, not the graph file's. */
export const EXPORTS_KEY = 'terrain-graph:viewer-exports';

/** The mesh option as stored, or its default when it is no number the mesh takes. */
function meshNumber(option: MeshOption, value: unknown): number {
  if (typeof value !== 'number' || meshOptionProblems({ ...MESH_DEFAULTS, [option]: value }).length) return MESH_DEFAULTS[option];
  return value;
}

/**
 * The choices kept in `store`, each part the default where it does not read. `sizes`: the
 * export sizes the panel offers (any other would show as no option of its select).
 */
export function readExportChoices(store: SettingStore | null | undefined, sizes: readonly number[]): ExportChoices {
  return readSetting(
    store,
    EXPORTS_KEY,
    (v) => {
      const { size, mesh } = fields(v);
      const m = fields(mesh);
      return {
        size: typeof size === 'number' && sizes.includes(size) ? size : null,
        mesh: {
          // The mesh's select offers these sizes alone.
          side: typeof m.side === 'number' && (MESH_SIDES as readonly number[]).includes(m.side) ? m.side : MESH_DEFAULTS.side,
          metresPerCell: meshNumber('metresPerCell', m.metresPerCell),
          heightRange: meshNumber('heightRange', m.heightRange),
          sea: typeof m.sea === 'boolean' ? m.sea : MESH_DEFAULTS.sea,
        },
      };
    },
    DEFAULT_EXPORT_CHOICES,
  );
}

/** Keeps the choices; a store that refuses (full, blocked) leaves them for this page only. */
export function writeExportChoices(store: SettingStore | null | undefined, choices: ExportChoices): void {
  const { side, metresPerCell, heightRange, sea } = choices.mesh;
  writeSetting(store, EXPORTS_KEY, { size: choices.size, mesh: { side, metresPerCell, heightRange, sea } });
}
