/**
 * The server entry's slots for running as several instances: an app with ISR or crons passes
 * `shareThroughRedis`, which shares them through Redis when SDK_REDIS_URL is set at start. Apps
 * with neither carry none of it.
 */
import type { AppIR } from "../compiler/ir.js";

export function serverShareSlots(ir: AppIR): { shareImport: string; share: string } {
  const isr = ir.routing.isr;
  const crons = ir.jobs.crons.length > 0;
  if (!isr && !crons) return { shareImport: "", share: "" };
  return {
    shareImport: '\nimport { shareThroughRedis } from "sdk/runtime/redis/shared";',
    share: `, share: shareThroughRedis(import.meta.url, { isr: ${isr}, crons: ${crons} })`,
  };
}
