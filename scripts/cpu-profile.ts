// A Chrome DevTools CPU profile (Profiler.stop's `profile`) as the functions that took the most
// time of their own: what the measure:* scripts print with --profile.

export interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** The `top` functions by self time, one a line on stderr, each after `indent`. */
export function printProfile(profile: Profile, top: number, indent = '  '): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, j) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[j] ?? 0) / 1000);
  });
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.error(`${indent}${ms.toFixed(0).padStart(6)} ms  ${k}`);
}
