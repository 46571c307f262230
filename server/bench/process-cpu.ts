// CPU time of the processes a benchmark runs beside each other (the portal, PostgreSQL, the load
// generator), read from /proc: which of them takes the machine's cores. Linux only; 0 elsewhere.
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // Linux's USER_HZ, the unit of /proc/<pid>/stat's times

/** CPU seconds (user + system) a process has used, threads included; 0 once it is gone. */
export function cpuSecondsOf(pid: number | string): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime, stime
  } catch {
    return 0;
  }
}

/** The CPU seconds of the portal's processes, of every PostgreSQL process (by name) and of this process. */
export function cpuSnapshot(portalPids: number | number[]) {
  let postgres = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') postgres += cpuSecondsOf(pid);
    } catch {
      // the process ended between the listing and the read
    }
  }
  const portal = [portalPids].flat().reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
  return { portal, postgres, loadGenerator: cpuSecondsOf(process.pid) };
}

export type CpuSnapshot = ReturnType<typeof cpuSnapshot>;

/** The CPU seconds each part used between two snapshots. */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): CpuSnapshot {
  return {
    portal: after.portal - before.portal,
    postgres: after.postgres - before.postgres,
    loadGenerator: after.loadGenerator - before.loadGenerator,
  };
}
