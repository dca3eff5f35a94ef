// The recipes of the two explainer pages (SPEC §4) as edits over graphs/default.json, plus two
// rewired graphs: the list. What a recipe holds and how it is applied to a graph: build.ts.
// scripts/make-recipes.ts writes them to graphs/; tests/recipes.test.ts checks each one's claims
// against the engine's output.

import type { AnyParamValue, Point } from '../model/params.ts';
import type { Cell, Recipe } from './build.ts';

/** Curves of the terrain recipes: continentalness (C), erosion (E), peaks and valleys (PV). */
const C_START: Point[] = [[-1, -0.6], [-0.35, -0.3], [-0.1, -0.08], [0, 0], [0.3, 0.12], [0.6, 0.3], [1, 0.5]];
const E_FLAT_TOPS: Point[] = [[-1, 0.15], [0, 0.07], [1, 0.02]];
const C_PLATEAU: Point[] = [[-1, -0.5], [-0.25, -0.12], [0, 0], [0.2, 0.06], [0.35, 0.4], [1, 0.45]];

/** The default graph's nodes from Height on, one column to the right: room for added nodes. The Moisture noise
 * goes under the Water level, not under the Land rank: there it lay under the minimap of a recipe opened at
 * 1024 × 700 (fit.ts readableFit keeps the start in sight, so the view cannot move it clear). */
const ROOM_FOR_A_COLUMN: Readonly<Record<string, Cell>> = {
  height: [3, 1],
  water: [4, 1],
  coast: [5, 0],
  rank: [5, 1],
  tempNoise: [5, 2],
  moistNoise: [4, 3],
  temperature: [6, 0],
  wind: [6, 1],
  moisture: [6, 2],
  biomes: [7, 1],
};

/** Room for one node between Height and Water level: everything from the water on, one column right. */
const ROOM_AFTER_HEIGHT: Readonly<Record<string, Cell>> = { ...ROOM_FOR_A_COLUMN, height: [2, 1] };

const KAUAI_CLIMATE = {
  temperature: { base: 1.2, lapse: 0.455, coastMod: 0.02, tempNoise: 0.4 },
  moisture: { moistNoise: 0.119, coastBonus: 0.371, decay: 0.264, strength: 0.894 },
  wind: { angle: 225, evap: 0.129, dry: 0.005, lift: 0.124 },
} as const;

export const RECIPES: readonly Recipe[] = [
  {
    file: 'terrain-start.json',
    name: 'Start',
    notes:
      'Ocean, a shelf, the coast and a gentle rise inland with some hills: height = C + E · PV, 40 % water by share. ' +
      'The continent curve C draws the coast and the rise; erosion E decides how much of the peaks-and-valleys detail PV shows. ' +
      'Like a temperate coastline such as Brittany in character; unlike it, there are no rivers, no erosion and no geology.',
  },
  {
    file: 'terrain-cliff.json',
    name: 'Cliff to a high plain',
    notes:
      "The Minecraft talk's example: C climbs slowly up to 0.3, jumps between 0.3 and 0.4 (from 100 to 150 blocks there), then stays flat. " +
      'Where the continent passes 0.3 a wall rises to a high plain; E is low so the plain stays flat. ' +
      'Reminiscent of an escarpment such as the Drakensberg edge, but ours is a single height jump everywhere the continent crosses 0.3, not a tilted rock layer.',
    params: { contCurve: { points: [[-1, -0.4], [0.3, 0.05], [0.4, 0.45], [1, 0.5]] }, erosCurve: { points: E_FLAT_TOPS } },
  },
  {
    file: 'terrain-archipelago.json',
    name: 'Archipelago',
    notes:
      'C is almost flat right at sea level over a long stretch, so the small bumps of E · PV decide what pokes out of the sea: many islands and channels. ' +
      'Like the Stockholm archipelago or the Finnish skerries in look; unlike them, these islands are not ice-scoured rock, just noise crossing the water line.',
    params: { contCurve: { points: [[-1, -0.3], [-0.6, -0.05], [0.6, 0.05], [1, 0.15]] } },
  },
  {
    file: 'terrain-plateau.json',
    name: 'Plateau',
    notes:
      'The step moved inland: coastal lowland, then a steep rise where C passes 0.2–0.35, and a flat top because E is low there. ' +
      'Like a tableland such as the Deccan or a mesa country in outline; a real plateau has valleys cut into it by rivers, which this model does not make.',
    params: { contCurve: { points: C_PLATEAU }, erosCurve: { points: E_FLAT_TOPS } },
  },
  {
    file: 'terrain-sea-cliffs.json',
    name: 'Sea cliffs',
    notes:
      'A near-vertical stretch of C right where the coast falls: no beach, the land starts high. ' +
      "The sea level is read from the world region (the water node's world cut), so the coast sits at the same continent value for every seed and view and the cliff stays on it. " +
      'Think of the cliffs of Moher or Étretat; ours are one step of the continent curve, not rock cut back by waves, so they run along the whole coast.',
    params: {
      contCurve: { points: [[-1, -0.6], [-0.1, -0.3], [-0.05, 0.2], [0.5, 0.35], [1, 0.5]] },
      erosCurve: { points: E_FLAT_TOPS },
      water: { cut: 'world-8' },
    },
  },
  {
    file: 'terrain-flatlands.json',
    name: 'Flatlands',
    notes:
      'E is low everywhere, so the detail PV hardly shows, and C rises very little inland: flat to the horizon. C still draws the coast. ' +
      'Like the Netherlands or the Pampas in relief; unlike them there are no rivers, dunes or dikes, and the coast is where the noise says, not where sediment settled.',
    params: { contCurve: { points: [[-1, -0.5], [-0.3, -0.2], [0, 0], [1, 0.05]] }, erosCurve: { points: [[-1, 0.03], [0, 0.015], [1, 0.005]] } },
  },
  {
    file: 'terrain-peaks.json',
    name: 'Peaks',
    notes:
      'E is high almost everywhere and the PV curve ends in a steep climb: sharp peaks in patches, where the detail noise is highest. ' +
      'Like the Dolomites in their scattered towers; real ranges line up along faults, while these peaks are placed by isotropic noise (ridged noise would line them up).',
    params: {
      erosCurve: { points: [[-1, 0.9], [0.3, 0.8], [1, 0.5]] },
      pvCurve: { points: [[-1, -0.2], [0, 0], [0.3, 0.1], [0.5, 0.45], [1, 1.2]] },
    },
  },
  {
    file: 'terrain-lone-hills.json',
    name: 'Lone hills',
    notes:
      'C is flat on land and PV stays at 0 until 0.4, then climbs: lone hills standing on a plain, where the detail noise peaks. ' +
      'Like the inselbergs of Namibia or the tors of a moor; unlike them, nothing here is harder rock left behind by erosion.',
    params: {
      contCurve: { points: [[-1, -0.3], [-0.2, -0.04], [0, 0], [1, 0.04]] },
      erosCurve: { points: [[-1, 0.6], [1, 0.6]] },
      pvCurve: { points: [[-1, 0], [0.4, 0], [1, 1]] },
    },
  },
  {
    file: 'climate-no-wind.json',
    name: 'Climate: no wind',
    notes:
      "The Start terrain with the scene's climate defaults and the wind switched off: moisture comes only from local noise and from the nearby sea. " +
      'Over half the land is dry, most of it cool temperate desert, and the west and east halves are equally dry: nothing carries rain across the map. ' +
      'No real place is windless; this is the baseline the wind recipes are compared against.',
    params: { wind: { on: false } },
  },
  {
    file: 'climate-west-wind.json',
    name: 'Climate: west wind',
    notes:
      "The scene's default climate: a west wind picks up water over the sea and carries it inland, raining out where the land climbs. " +
      'Dry land falls to about a quarter and the west half is wetter than the east, which lies in the rain shadow. ' +
      'Like the westerlies over Europe or the Pacific Northwest in pattern; our air crosses hills in a straight line instead of flowing round them.',
  },
  {
    file: 'climate-no-lift.json',
    name: 'Climate: no rain when climbing',
    notes:
      'The same west wind with lift 0: the air no longer rains out when it climbs, so it reaches the far side nearly as wet as it left the sea. ' +
      'Almost nothing is dry and the halves even out: the rain that falls on rising ground is what makes the rain shadow. ' +
      'A thought experiment, not a place: without orographic rain there would be no Atacama behind the Andes and no dry Nevada behind the Sierra.',
    params: { wind: { lift: 0 } },
  },
  {
    file: 'climate-kauai.json',
    name: 'Climate: Kauai',
    notes:
      'A warm island under a trade wind from the north-east: the slopes facing the wind catch the rain and grow tropical rainforest, while dry grassland lies behind. ' +
      'Like Kauai, where Mount Waialeale is among the wettest places on Earth and the west side is dry; unlike it, our map is the Start terrain, several islands rather than one volcano, and has no seasons. ' +
      'Here moisture follows the humidity of the passing air, not the rain it drops, so the wettest land is where the wind first arrives rather than high on the slopes.',
    params: KAUAI_CLIMATE,
  },
  {
    file: 'climate-valdivia.json',
    name: 'Climate: Valdivia',
    notes:
      'A mild coast soaked by the sea and a strong west wind: about half the land is temperate rainforest, and the high, cold land is boreal forest. ' +
      "Like southern Chile's Valdivian rainforest below the Andes; ours has no ocean current to keep the coast cool, only the coast term of the temperature.",
    params: {
      temperature: { base: 0.802, lapse: 0.393, coastMod: 0.02, tempNoise: 0.054 },
      moisture: { moistNoise: 0.7, coastBonus: 0.499, decay: 0.02, strength: 0.642 },
      wind: { evap: 0.387, dry: 0.01, lift: 0.198 },
    },
  },
  {
    file: 'climate-patagonia.json',
    name: 'Climate: Patagonia',
    notes:
      'Cool land, a strong west wind and little moisture from the coast: forest and shrubland in the west where the wind arrives, steppe (temperate desert) in the east behind the high ground. ' +
      "Like Patagonia east of the Andes in pattern; our 'Andes' are whatever the Start terrain's hills are, not one high range, so the shadow is patchier.",
    params: {
      temperature: { base: 0.543, lapse: 0.303, coastMod: 0.02, tempNoise: 0.4 },
      moisture: { moistNoise: 0.066, coastBonus: 0.004, decay: 0.13, strength: 0.95 },
      wind: { evap: 0.06, dry: 0, lift: 0.487 },
    },
  },
  {
    file: 'climate-atacama.json',
    name: 'Climate: Atacama (a trick)',
    notes:
      "Hot land, the coast's moisture turned off and no wind: almost everything is subtropical desert. " +
      "A trick, said as one: the real Atacama is dry because of a cold current offshore and the Andes' rain shadow, neither of which this model has, so we switch the sources of rain off by hand.",
    params: {
      temperature: { base: 1.131, lapse: 0.348, tempNoise: 0.246 },
      moisture: { moistNoise: 0.16, coastBonus: 0 },
      wind: { on: false },
    },
  },
  {
    file: 'climate-altiplano.json',
    name: 'Climate: Altiplano',
    notes:
      'The Plateau terrain with a steep cold lapse and a wind from the east: the high plateau is cold and dry, about half of the land tundra, with snow on the highest ground; ' +
      'land far downwind of the sea, in the lee of the heights, is drier. Like the Altiplano of Bolivia and Peru in its cold high plain; ours has no lakes and no volcanoes.',
    from: 'terrain-plateau.json',
    params: {
      temperature: { base: 0.829, lapse: 1.158, coastMod: 0.2, tempNoise: 0.173 },
      moisture: { moistNoise: 0.567, coastBonus: 0.275, decay: 0.363, strength: 0.128 },
      wind: { angle: 180, evap: 0.095, dry: 0.006, lift: 0.1 },
    },
  },
  {
    file: 'climate-boreal.json',
    name: 'Climate: Boreal',
    notes:
      'The view moved halfway to the pole (y = 4.25) on wet land: boreal forest covers about half the land, with tundra and snow where it gets colder. ' +
      'The base temperature is raised and the latitude term softened from the defaults, whose cool world would be all snow this far north. ' +
      "Like the taiga of Canada or Siberia; ours has no permafrost or seasons, and latitude here is just a cooling term of the temperature.",
    view: { x: 0, y: 4.25 },
    params: {
      temperature: { base: 0.874, lapse: 0.402, latitude: 0.619, coastMod: 0.126, tempNoise: 0.05 },
      moisture: { moistNoise: 0.7, coastBonus: 0.563, decay: 0.12, strength: 0.614 },
      wind: { evap: 0.029, dry: 0, lift: 0.44 },
    },
  },
  {
    file: 'chained-curves.json',
    name: 'Chained curves: the continent picks the erosion',
    notes:
      "Minecraft's splines that lead to other splines, as a graph: erosion goes through two curves, a flat coastal one and a rugged inland one, " +
      'and a Chain node blends them by the continent value (coastal below C = 0.1, a little above where the coast falls; inland above C = 0.3). The sea level is read from the world region (world cut), so the coast falls at the same continent value in every view and the knots mean the same thing everywhere. The result has flat coastal plains beside a rugged interior, ' +
      'which three independent curves cannot make: there the same erosion applies at the coast and inland. Like the plains of the Po below the Alps, without the river.',
    params: { contCurve: { points: C_START }, erosCurve: { points: [[-1, 0.03], [0, 0.02], [1, 0.01]] }, water: { cut: 'world-8' } },
    moves: ROOM_FOR_A_COLUMN,
    addNodes: [
      { id: 'erosInland', type: 'curve', title: 'E curve, inland', cell: [1, 3], params: { points: [[-1, 0.8], [0, 0.6], [1, 0.4]] } },
      { id: 'erosChain', type: 'chain', title: 'Erosion by continent', cell: [2, 1], params: { knots: [0.1, 0.3] } },
    ],
    wires: [
      ['cont.out', 'erosChain.selector'],
      ['erosCurve.out', 'erosChain.in0'],
      ['eros.out', 'erosInland.in'],
      ['erosInland.out', 'erosChain.in1'],
      ['erosChain.out', 'height.scale'],
    ],
  },
  {
    file: 'composed-curves.json',
    name: 'Composed curves: terraces',
    notes:
      'A curve feeding another curve: the continent goes through the Start C curve, then through a staircase curve that flattens the land into terraces. ' +
      'Composition reshapes the result of a reshaping, so the steps follow the coast whatever the first curve did. ' +
      'Reminiscent of raised beaches or rice terraces in outline; real terraces follow the slope at every scale, ours only follow the continent.',
    moves: ROOM_FOR_A_COLUMN,
    addNodes: [
      {
        id: 'terraces',
        type: 'curve',
        title: 'Terraces',
        cell: [2, 0],
        params: {
          points: [[-1, -1], [-0.02, -0.02], [0, 0.02], [0.07, 0.02], [0.08, 0.08], [0.15, 0.08], [0.16, 0.14], [0.23, 0.14], [0.24, 0.22], [0.32, 0.22], [0.33, 0.3], [1, 0.3]],
        },
      },
    ],
    wires: [
      ['contCurve.out', 'terraces.in'],
      ['terraces.out', 'height.base'],
    ],
  },
  {
    file: 'long-ranges.json',
    name: 'Long ranges',
    notes:
      'Ridged noise (the fbm node, kind ridged, 12 cycles a view) folds every octave into a crest and weights each octave by the one before, so crests join into ranges over narrow valleys; ' +
      'a domain warp bends them so they do not run in straight lines. The ranges stand inland on a smooth continent (height = C + inland · ranges, E low): ' +
      'the continentalness has one octave, so its coasts are smooth and few lakes or straits break the land; the C curve keeps a low coastal plain (within 0.01 of the sea level up to C = 0.2) ' +
      'and the Inland curve of the continentalness raises the ranges from nothing at C = 0.2 to full height at C = 0.3, so the air crosses the plain before it meets them. ' +
      'The Range height curve keeps the tallest crests just into the atlas tints’ snow band (0.45 above the sea). ' +
      'Like the coast ranges of British Columbia or Chile behind their coastal lowlands; unlike them, nothing here is folded rock, and the ranges run wherever the noise crests, not along the coast. ' +
      'The wind reads the Relief for the wind curve of the height instead of the land rank: 0 at height −0.055 (the sea level of this recipe and of the Start lies at −0.05 to −0.06), ' +
      'then 1 more for every 0.35 climbed (the Start’s highest land lies about 0.35 above its sea), with no floor: every climb from the sea up rains. ' +
      'Why not the rank: the land rank is a percentile, so any land that rises from its coasts climbs the same ranks, and with the wind on the rank the ranges’ contrast is the Start’s (0.93–1.06×). ' +
      'The wind’s params are the Start’s (the defaults); the claims hold the ranges’ windward ÷ leeward land moisture against the Start’s twice: ' +
      'as shipped (its wind reads its land rank) and with its wind reading its own height through the same Relief curve. ' +
      'The windward and leeward land are the usual ones (within 16 cells downwind of the sea, and 48 or more). ' +
      'The rain in this model leaves the air and is not counted as moisture, so the slope facing the wind is no wetter for it: the contrast is a wet plain before the ranges and the dry lee behind them.',
    params: {
      cont: { octaves: 1 },
      contCurve: { points: [[-1, -0.6], [-0.35, -0.3], [-0.1, -0.08], [0, 0], [0.2, 0.01], [0.6, 0.1], [1, 0.1]] },
      erosCurve: { points: [[-1, 0.01], [1, 0.01]] },
    },
    moves: ROOM_FOR_A_COLUMN,
    addNodes: [
      { id: 'ridges', type: 'fbm', title: 'Ridges', cell: [0, 4], params: { kind: 'ridged', frequency: 12, octaves: 6, seed: 424242 } },
      { id: 'ranges', type: 'warp', title: 'Bent ranges', cell: [1, 4], params: { amplitude: 0.05, frequency: 1.5, seed: 5 } },
      { id: 'rangeCurve', type: 'curve', title: 'Range height', cell: [2, 4], params: { points: [[-1, 0], [-0.9, 0], [-0.65, 0.286], [1, 0.44]] } },
      { id: 'inland', type: 'curve', title: 'Inland', cell: [1, 5], params: { points: [[-1, 0], [0.2, 0], [0.3, 1], [1, 1]] } },
      { id: 'withRanges', type: 'combine', title: 'Continent + inland · ranges', cell: [2, 0], params: { mode: 'terrain' } },
      { id: 'windRelief', type: 'curve', title: 'Relief for the wind', cell: [4, 2], params: { points: [[-1, 0], [-0.055, 0], [1, 3.014]] } },
    ],
    wires: [
      ['ridges.out', 'ranges.in'],
      ['ranges.out', 'rangeCurve.in'],
      ['cont.out', 'inland.in'],
      ['contCurve.out', 'withRanges.base'],
      ['inland.out', 'withRanges.scale'],
      ['rangeCurve.out', 'withRanges.detail'],
      ['withRanges.out', 'height.base'],
      ['height.out', 'windRelief.in'],
      ['windRelief.out', 'wind.rank'],
    ],
  },
  {
    file: 'terraced-mesas.json',
    name: 'Terraced mesas',
    notes:
      'The Plateau’s continent and flat tops, then a terrace node on the height: six steps between sea level and the top, sharpness 1, so each step is a flat tread ending in a vertical riser. ' +
      'Mesas and buttes stand on the treads. Like the mesa country of the Colorado Plateau in outline; real mesas are hard rock layers left by erosion, ours are bands of height.',
    params: { contCurve: { points: C_PLATEAU }, erosCurve: { points: E_FLAT_TOPS } },
    moves: ROOM_FOR_A_COLUMN,
    addNodes: [{ id: 'terraces', type: 'terrace', title: 'Terraces', cell: [3, 2], params: { steps: 6, sharpness: 1, low: -0.02, high: 0.5 } }],
    wires: [
      ['height.out', 'terraces.in'],
      ['terraces.out', 'water.height'],
    ],
  },
  {
    file: 'eroded-valleys.json',
    name: 'Eroded valleys',
    notes:
      'The Start terrain worn by rain: a Hydraulic erosion node between the height and the water level lets a droplet per cell roll downhill, ' +
      'wearing gullies into the slopes and laying the sediment down where the water slows, in the valley floors and at the coast. ' +
      'Every grain worn away is laid down again or carried off the map. Like the gullied flanks of any hill country in look; ' +
      'unlike real valleys, these are cut by one short shower of droplets on soft uniform ground, with no rock strength, no rivers wider than a brush and no time.',
    moves: ROOM_AFTER_HEIGHT,
    // One heavy shower: the capacity and brush the node had by default before droplets sped up
    // going downhill (6 December 2026); the defaults since (0.15, a brush of 2) keep an island
    // whole at 8 droplets a cell (tests/hydraulic-island.test.ts).
    addNodes: [{ id: 'erosion', type: 'hydraulic', title: 'Hydraulic erosion', cell: [3, 1], params: { capacity: 4, radius: 3 } }],
    wires: [
      ['height.out', 'erosion.height'],
      ['erosion.out', 'water.height'],
    ],
    show: ['erosion.wear'],
  },
  {
    file: 'rivers-from-the-rain.json',
    name: 'Rivers from the rain',
    notes:
      "The Kauai climate with a Flow and rivers node: the moisture is the rain, less a loss of 0.5 to evaporation, and it runs downhill to the sea. " +
      'The trade wind from the north-east brings the rain, so rivers grow on the windward side; behind the hills the moisture falls below the loss ' +
      'and the rain shadow feeds no river of its own (a river that rose in the wet hills may still cross it). ' +
      'Like Kauai, whose wet north-east is cut by streams while the west is dry; unlike it, this is the Start terrain (several islands, not one volcano), ' +
      'the rain is the moisture of the passing air rather than the rain it drops, and rivers do not cut their valleys (see Eroded valleys).',
    from: 'climate-kauai.json',
    addNodes: [{ id: 'rivers', type: 'flow', title: 'Flow and rivers', cell: [7, 2], params: { loss: 0.5, riverArea: 8 } }],
    wires: [
      ['water.terrain', 'rivers.terrain'],
      ['moisture.out', 'rivers.rain'],
    ],
    show: ['rivers.rivers'],
  },
  {
    file: 'carved-valleys.json',
    name: 'Valleys cut by the rain',
    notes:
      'Rivers from the rain, with a Fluvial erosion node between the water level and the rivers: the moisture, less a loss of 0.5, is the rain ' +
      'that gathers downstream, and the rivers it makes cut their valleys by the stream-power law (Braun and Willett 2013), five steps back from the sea. ' +
      'Valleys branch up every wet slope of the windward side and stay shallow in the rain shadow, where little rain runs off; the rivers run in the valleys they cut. ' +
      'Like the deep-cut windward valleys of Kauai and its smoother dry lee; unlike them, the ground is of one softness everywhere, nothing is laid down ' +
      '(the cut sediment leaves the map), no hillslope creeps back, and the climate is that of the land before the cutting.',
    from: 'rivers-from-the-rain.json',
    addNodes: [{ id: 'valleys', type: 'fluvial', title: 'Fluvial erosion', cell: [6, 3], params: { strength: 0.6, loss: 0.5 } }],
    wires: [
      ['water.terrain', 'valleys.terrain'],
      ['moisture.out', 'valleys.rain'],
      ['valleys.terrain', 'rivers.terrain'],
    ],
    show: ['valleys.terrain', 'valleys.cut', 'rivers.rivers'],
  },
  {
    file: 'soft-borders.json',
    name: 'Soft borders',
    notes:
      "The scene's west-wind climate with soft biome borders: the Whittaker node's border width 0.08 blends each cell's biome with its neighbours in the table " +
      'within 0.04 of a row or column border in T and M, so forest fades into shrubland instead of switching at a line. The weights are what splat maps carry ' +
      '(`render --splat`), for terrain materials in a game engine. The hard biome of each cell, and so every share, stays what it was. ' +
      'Real ecotones are like this, a band where two biomes mix; ours is a fixed blend in climate space, not a mixing of species.',
    params: { biomes: { border: 0.08 } },
  },
  {
    file: 'island.json',
    name: 'Island',
    notes:
      'One island in the open sea, under the Kauai climate with its rivers: a Shape node (a disc of radius 0.55 around the middle of the view, fading from its centre) ' +
      'goes through the Island lift curve, from −1.5 at its rim to +0.6 at its centre, and is added to the continentalness before the C curve. ' +
      'The noise still draws the bays and capes, but the continent climbs towards the middle and sinks to a sea floor about 0.5 under the sea at the map\'s edges, where the mask is 0. ' +
      'The water level is a fixed height (0, where the C curve meets the sea), not a share: a share of a world that is mostly open sea would fall on the sea floor. ' +
      'Multiplying the height by the mask, as Gaea and World Machine do with heights of 0 … 1, would leave the edges at 0 here, which is the coast, not the sea floor. ' +
      'The trade wind from the north-east rains out on the windward slopes, where the rainforest grows and the rivers run; dry grass lies in the lee. ' +
      'Like Kauai, with its wet north-east and dry west, and its summit plateau (the white of the height tints) like the Alakai; unlike it, the island is a disc bent by noise, not a volcano, and has no reef.',
    from: 'rivers-from-the-rain.json',
    params: { water: { mode: 'raw', level: 0, cut: 'world' } },
    // Eight columns, as the rivers recipe: the Island and its lift stacked under the noises, the
    // rivers under the biomes. Ten columns made the nodes' text 8.2 px at zoom to fit (newcomer test).
    moves: { ...ROOM_FOR_A_COLUMN, contCurve: [2, 0], rivers: [7, 3] },
    addNodes: [
      { id: 'island', type: 'shape', title: 'Island', cell: [0, 3], params: { kind: 'radial', x: 0.5, y: 0.5, radius: 0.55, falloff: 1 } },
      { id: 'islandLift', type: 'curve', title: 'Island lift', cell: [0, 4], params: { points: [[0, -1.5], [0.5, 0.2], [1, 0.6]] } },
      { id: 'islandCont', type: 'combine', title: 'Continent + island lift', cell: [1, 0], params: { mode: 'add' } },
    ],
    wires: [
      ['island.out', 'islandLift.in'],
      ['islandLift.out', 'islandCont.base'],
      ['cont.out', 'islandCont.detail'],
      ['islandCont.out', 'contCurve.in'],
    ],
    show: ['rivers.rivers'],
  },
];
