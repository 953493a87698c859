/**
 * Render workers run below the event loop (docs/decisions/0063): on Linux `setpriority(0)` changes the calling thread
 * only, so a worker that calls this yields a core to the API's main thread (nice 0) whenever that has work. Elsewhere
 * it may lower the whole process or be refused: harmless either way. Every PDF worker (payslips, tax documents) calls
 * it first thing, before importing react-pdf (loading it is itself a second of CPU).
 */
import { setPriority } from 'node:os';

export const WORKER_NICE = 10;

export function lowerThreadPriority(nice = WORKER_NICE) {
  try {
    if (process.platform === 'linux') setPriority(0, nice);
  } catch {
    // Not permitted (a container's seccomp profile): the worker runs at normal priority.
  }
}
