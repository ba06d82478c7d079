/**
 * How the detection bench times the engine, the same way every run: in-process, after warm-up
 * passes that let the JIT settle, over several timed passes of the whole corpus; the median
 * pass is reported, both per wall-clock second (what a person waits on this machine, shared
 * or not) and per CPU second of this process (its own work, steadier on a busy machine).
 */
export type Throughput = {
  /** Median transactions per wall-clock second. */
  perWallSecond: number;
  /** Median transactions per CPU second (user + system) of this process. */
  perCpuSecond: number;
  passes: number;
};

export type ThroughputOptions = { warmups: number; passes: number };

export function measureThroughput<T>(
  run: () => T,
  transactions: number,
  { warmups, passes }: ThroughputOptions,
): { throughput: Throughput; result: T } {
  let result = run();
  for (let pass = 1; pass < warmups; pass++) result = run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    result = run();
    const used = process.cpuUsage(cpuStart);
    wall.push(transactions / ((performance.now() - start) / 1000));
    cpu.push(transactions / ((used.user + used.system) / 1e6));
  }
  return {
    throughput: { perWallSecond: median(wall), perCpuSecond: median(cpu), passes },
    result,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** "0.62 M tx/s" */
export function formatRate(perSecond: number): string {
  return `${(perSecond / 1e6).toFixed(2)} M tx/s`;
}
