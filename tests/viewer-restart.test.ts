// The viewer session when a dead engine worker is replaced (src/app/main.ts restartEngine),
// headless: the new session takes over what the person chose, and the compare pin is drawn again
// by the new worker even when its picture's key (a version of the dead engine's) comes back.
import { describe, expect, it } from 'vitest';
import { ViewerSession } from '../src/viewer-core/session.ts';
import { EngineClient } from '../src/worker/client.ts';
import { InProcessWorker, setup } from './helpers/viewer-setup.ts';

describe('the viewer session after a dead worker is replaced', () => {
  it('keeps the layer, the style, the zoom and the pin, and draws the pin from the graph as it now is', async () => {
    const first = setup();
    const { core, previews } = first;
    core.select(['water']);
    await first.settle();
    first.session.setStyle({ contours: true });
    first.session.pinShown();
    first.session.setPort('mask');
    first.session.compare.setSplit(0.3);
    // The mesh's options as set in the export panel: a restart must not put back the defaults.
    expect(first.session.exports.setMesh({ side: 129, metresPerCell: 20, heightRange: 1500, sea: true })).toBeNull();
    first.session.input({ type: 'wheel', x: 200, y: 200, deltaY: -300 });
    await first.settle();
    const pinned = first.session.compare.picture!;
    expect(pinned.image).toBeTruthy();
    // The worker dies with an edit in hand: it never answers for it.
    const choices = first.session.choices;
    first.client.dispose();
    first.session.dispose();
    core.setParam('water', 'share', 0.6);
    // A new worker and session over the same editor and previews, as restartEngine makes them.
    const worker = new InProcessWorker();
    let session: ViewerSession | null = null;
    const client = new EngineClient(worker, () => ({ graph: core.graph, previewSize: 32, ...(session?.detailRequest ?? { detail: null, detailSize: 512 }) }));
    session = new ViewerSession(core, previews, worker, { invalidate: () => client.invalidate(), download: () => {} });
    session.resume(choices);
    client.subscribe((a) => a.kind === 'result' && previews.apply(a));
    client.resend();
    for (let k = 0; k < 400 && (k < 4 || client.busy || session.busy); k++) await new Promise((r) => setTimeout(r, 0));
    expect([session.node, session.port, session.style.contours, session.compare.split, session.zoom.z]).toEqual(['water', 'mask', true, 0.3, choices.zoom.z]);
    expect(session.zoom.z).toBeGreaterThan(1);
    expect(session.exports.mesh).toEqual({ side: 129, metresPerCell: 20, heightRange: 1500, sea: true });
    expect(session.compare.pin).toMatchObject({ node: 'water', port: 'terrain' });
    const now = session.compare.picture!;
    // The new engine counts versions from 1 again: the pin's key is the one the dead worker gave…
    expect(now.key).toBe(pinned.key);
    // …yet the picture is the edited graph's (40 % water before, 60 % now), not the one kept.
    expect(Buffer.from(now.image.rgba).equals(Buffer.from(pinned.image.rgba))).toBe(false);
  });
});
