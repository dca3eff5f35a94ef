// Colours the views share: sockets and wires by port type, node headers by menu group. The
// CSS side of the theme is custom properties on :root (index.html), read by every component.

import type { FrameColor } from '../model/graph.ts';
import type { PortType } from '../model/values.ts';

export const PORT_COLORS: Readonly<Record<PortType, string>> = {
  field: '#5aa9ff',
  terrain: '#e0a040',
  biome: '#5cc97a',
};

export const GROUP_COLORS: Readonly<Record<string, string>> = {
  Terrain: '#3b5f8a',
  Water: '#2f6f78',
  Climate: '#7a5a34',
};

/** Each frame colour as red, green, blue: the frame's tints and its mark on the minimap. */
export const FRAME_RGB: Readonly<Record<FrameColor, readonly [number, number, number]>> = {
  blue: [90, 150, 230],
  green: [80, 180, 110],
  yellow: [215, 185, 60],
  orange: [230, 140, 60],
  red: [220, 80, 80],
  purple: [160, 110, 220],
  grey: [140, 150, 160],
};
