/**
 * Where start-up's time goes (issue 42): each step marks itself on Node's performance timeline,
 * with the process's CPU time so far, and with BILLOW_STARTUP_TIMES=1 the server prints the
 * steps to stderr once it listens. scripts/start.mjs marks its own steps (the builds' staleness
 * checks) on the same timeline. Costs nothing worth measuring when unset.
 */
export function markStartup(step: string): void {
  performance.mark(`startup:${step}`, { detail: process.cpuUsage() });
}

/** One line per step: wall time and CPU time since the process began, and since the step before. */
export function startupTimesReport(): string {
  const marks = performance
    .getEntriesByType('mark')
    .filter((mark) => mark.name.startsWith('startup:'));
  let lastAt = 0;
  let lastCpu = 0;
  const lines = [
    `start-up steps (process began ${new Date(performance.timeOrigin).toISOString()})`,
  ];
  for (const mark of marks) {
    const usage = (mark as { detail?: unknown }).detail as NodeJS.CpuUsage;
    const cpu = (usage.user + usage.system) / 1000;
    lines.push(
      `  ${mark.name.slice('startup:'.length).padEnd(24)} at ${mark.startTime.toFixed(0).padStart(5)} ms ` +
        `(+${(mark.startTime - lastAt).toFixed(0).padStart(4)})  cpu ${cpu.toFixed(0).padStart(5)} ms ` +
        `(+${(cpu - lastCpu).toFixed(0).padStart(4)})`,
    );
    lastAt = mark.startTime;
    lastCpu = cpu;
  }
  return `${lines.join('\n')}\n`;
}
