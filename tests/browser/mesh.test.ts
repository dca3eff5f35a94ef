// Export → Mesh (glTF), as a person does it: the mesh options set with the mouse and the
// keyboard (a refused value says why and the field keeps the option), the button clicked, the
// downloaded .glb byte for byte what `terrain-graph render --glb` writes for the same graph and
// options, then loaded back with three.js' own GLTFLoader in the browser and drawn, the
// screenshot kept. Screenshots of the panel at 1600 × 1000 and 1024 × 700.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serializeGraph } from '../../src/model/format.ts';
import type { Graph } from '../../src/model/graph.ts';
import { runCli, scratchDir } from '../helpers/cli.ts';
import { readGlb } from '../helpers/glb.ts';
import { appUrl, graphText, screenshot, settle, withApp } from './harness.ts';

/** three.js and its GLTFLoader bundled for a page of their own (the editor's build has no loader). */
async function loaderScript(): Promise<string> {
  const out = await build({
    stdin: {
      contents: "import * as THREE from 'three'; import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js'; Object.assign(window, { THREE, GLTFLoader });",
      resolveDir: process.cwd(),
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

const viewer = (page: Page) => page.locator('tg-viewer');

describe('Export → Mesh (glTF)', () => {
  it('downloads the command line\'s bytes for the options set in the panel, and GLTFLoader draws the land and the sea', async () => {
    await withApp({ viewport: { width: 1600, height: 1000 } }, async (page) => {
      // The map stays at the panel's top while the rest scrolls: the row is brought up from below.
      await viewer(page).locator('.bar.mesh').evaluate((el) => el.scrollIntoView({ block: 'end' }));
      // 129 vertices a side over the default 256² view, 20 m a cell, 1,500 m high, with the sea.
      await viewer(page).locator('select.mesh-size').selectOption('129');
      const metres = viewer(page).locator('input.mesh-metres');
      await metres.click({ clickCount: 3 });
      await page.keyboard.type('20');
      await page.keyboard.press('Tab');
      const high = viewer(page).locator('input.mesh-height');
      await high.click({ clickCount: 3 });
      await page.keyboard.type('1500');
      await page.keyboard.press('Tab');
      await viewer(page).locator('input.mesh-sea').click();
      // A value out of range: refused with why, the field shows the option it kept.
      await metres.click({ clickCount: 3 });
      await page.keyboard.type('-3');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('tg-app .toast.refused').textContent()).toBe('Mesh: the metres per cell must be above 0 and at most 100,000; got -3; it stays 20.');
      expect(await metres.inputValue()).toBe('20');
      // Emptied: no number at all.
      await high.click({ clickCount: 3 });
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('tg-app .toast.refused').textContent()).toBe('Mesh: the height range takes a number; it stays 1500.');
      expect(await high.inputValue()).toBe('1500');
      await settle(page);
      expect(await viewer(page).locator('.mesh-extent').textContent()).toBe('129² of 256² · 5,100 m across');
      await screenshot(page, 'panel-1600');

      const graph = JSON.parse(await graphText(page)) as Graph;
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), viewer(page).locator('button[data-format="glb"]').click()]);
      expect(download.suggestedFilename()).toBe('default.biomes.out.glb');
      const bytes = readFileSync((await download.path())!);
      await expect.poll(() => viewer(page).locator('.exports .note').textContent()).toMatch(/^Saved default\.biomes\.out\.glb · \d+ kB$/);

      const dir = scratchDir('mesh-browser');
      const file = join(dir, 'graph.json');
      writeFileSync(file, serializeGraph(graph));
      const r = await runCli('render', file, '--out', dir, '--node', 'biomes', '--glb', '--mesh-size', '129', '--metres-per-cell', '20', '--height-range', '1500', '--sea');
      expect(r.code).toBe(0);
      expect(bytes.equals(readFileSync(join(dir, 'biomes.out.glb')))).toBe(true);

      // Loaded back with three.js' GLTFLoader, in a page of its own on the app's origin.
      const origin = new URL(appUrl()).origin;
      const script = await loaderScript();
      await page.route(`${origin}/mesh-check.html`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><body style="margin:0;background:#1b1f24"></body>' }));
      await page.route(`${origin}/mesh-check.glb`, (route) => route.fulfill({ contentType: 'model/gltf-binary', body: bytes }));
      await page.goto(`${origin}/mesh-check.html`);
      await page.addScriptTag({ content: script });
      const seen = await page.evaluate(async () => {
        const { THREE, GLTFLoader } = window as never as { THREE: typeof import('three'); GLTFLoader: typeof import('three/addons/loaders/GLTFLoader.js').GLTFLoader };
        const data = await (await fetch('/mesh-check.glb')).arrayBuffer();
        const gltf = await new GLTFLoader().parseAsync(data, '');
        const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
        renderer.setSize(1600, 1000);
        document.body.appendChild(renderer.domElement);
        const scene = new THREE.Scene();
        scene.background = new THREE.Color(0x1b1f24);
        scene.add(gltf.scene);
        scene.add(new THREE.AmbientLight(0xffffff, 1.2));
        const sun = new THREE.DirectionalLight(0xffffff, 2.2);
        sun.position.set(-1, 1.4, -1);
        scene.add(sun);
        // From the south, looking north and down, as the 3-D tab's first view.
        const camera = new THREE.PerspectiveCamera(40, 1.6, 10, 50_000);
        camera.position.set(0, 4600, 6200);
        camera.lookAt(0, 0, -300);
        renderer.render(scene, camera);
        const land = gltf.scene.getObjectByName('land') as import('three').Mesh;
        const sea = gltf.scene.getObjectByName('sea') as import('three').Mesh;
        const box = new THREE.Box3().setFromObject(land);
        const map = (land.material as import('three').MeshStandardMaterial).map!;
        return {
          vertices: land.geometry.attributes.position.count,
          indices: land.geometry.index!.count,
          uv: !!land.geometry.attributes.uv,
          normal: !!land.geometry.attributes.normal,
          map: [(map.image as ImageBitmap).width, (map.image as ImageBitmap).height],
          min: box.min.toArray(),
          max: box.max.toArray(),
          sea: sea ? { vertices: sea.geometry.attributes.position.count, transparent: (sea.material as import('three').Material).transparent } : null,
          extras: land.userData,
        };
      });
      expect(seen).toMatchObject({ vertices: 129 * 129, indices: 6 * 128 * 128, uv: true, normal: true, map: [256, 256], sea: { vertices: 4, transparent: true } });
      // The box three.js finds is the one the file declares: 255 cells of 20 m across; 129 of
      // the 256 cells a side miss the lowest and the highest cell, so y stays inside 0 … 1500.
      const position = readGlb(bytes).json.accessors[0];
      expect([seen.min, seen.max]).toEqual([position.min, position.max]);
      expect([seen.min[0], seen.min[2], seen.max[0], seen.max[2]]).toEqual([-2550, -2550, 2550, 2550]);
      expect(seen.min[1]).toBeGreaterThanOrEqual(0);
      expect(seen.max[1]).toBeLessThanOrEqual(1500);
      expect(seen.extras).toMatchObject({ layer: 'biomes.out', heightsFrom: 'water.terrain', metresPerCell: 20, heightRange: 1500 });
      await screenshot(page, 'gltfloader-1600');
    });
  }, 180_000);

  it('at 1024 × 700 the mesh options fit the panel beside the other exports', async () => {
    await withApp({ viewport: { width: 1024, height: 700 } }, async (page) => {
      const row = viewer(page).locator('.bar.mesh');
      await row.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await settle(page);
      await screenshot(page, 'panel-1024');
      // Every control of the row inside the panel, none cut off at its right edge.
      const panel = (await viewer(page).boundingBox())!;
      for (const sel of ['select.mesh-size', 'input.mesh-metres', 'input.mesh-height', 'input.mesh-sea', 'button[data-format="glb"]']) {
        const b = (await viewer(page).locator(sel).boundingBox())!;
        expect(b.x + b.width, sel).toBeLessThanOrEqual(panel.x + panel.width);
      }
    });
  }, 120_000);
});
