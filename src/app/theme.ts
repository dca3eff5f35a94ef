// Colours the views share: sockets and wires by port type, node headers by menu group. The
// CSS side of the theme is custom properties on :root (index.html), read by every component.

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
