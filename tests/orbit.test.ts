// The 3-D view's orbit limits (src/app/terrain-3d/mesh.ts): the camera stays above the land, and a
// drag of a third of the canvas tilts it across its range rather than past it (a Gaea user's
// 60-px drag reached the horizon at three.js' rotateSpeed 1 and maxPolarAngle 0.49π).
import { describe, expect, it } from 'vitest';
import { ORBIT_MAX_POLAR, orbitTilt } from '../src/app/terrain-3d/mesh.ts';

describe('the 3-D orbit', () => {
  it('keeps the camera at least 20° above the land', () => {
    expect(Math.PI / 2 - ORBIT_MAX_POLAR).toBeGreaterThanOrEqual((20 / 180) * Math.PI);
  });

  it('tilts a drag of a third of the canvas by no more than the range from straight down to the lowest, and by half of it at least', () => {
    for (const h of [256, 512, 1024]) {
      expect(orbitTilt(h / 3, h)).toBeLessThanOrEqual(ORBIT_MAX_POLAR);
      expect(orbitTilt(h / 3, h)).toBeGreaterThanOrEqual(ORBIT_MAX_POLAR / 2);
      // 60 px on the 512-px map: a fraction of the range, not all of it.
      expect(orbitTilt(60, 512)).toBeLessThan(ORBIT_MAX_POLAR / 2);
    }
  });
});
