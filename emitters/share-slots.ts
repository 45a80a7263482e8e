/**
 * The server entry's slots for running as several instances: an app with ISR or crons passes
 * `shareThroughRedis`, which shares them through Redis when SDK_REDIS_URL is set at start. Apps
 * with neither carry none of it. Built without the Redis client (an optional package), the slot
 * refuses SDK_REDIS_URL at start instead (runtime/redis/missing.ts).
 */
import type { AppIR } from "../compiler/ir.js";
import { installCommand, missingPackages } from "../compiler/optional-packages.js";

export function serverShareSlots(ir: AppIR): { shareImport: string; share: string } {
  const isr = ir.routing.isr;
  const crons = ir.jobs.crons.length > 0;
  if (!isr && !crons) return { shareImport: "", share: "" };
  if (missingPackages("redis").length) {
    return {
      shareImport: '\nimport { redisClientMissing } from "sdk/runtime/redis/missing";',
      share: `, share: redisClientMissing(${JSON.stringify(installCommand("redis"))})`,
    };
  }
  return {
    shareImport: '\nimport { shareThroughRedis } from "sdk/runtime/redis/shared";',
    share: `, share: shareThroughRedis(import.meta.url, { isr: ${isr}, crons: ${crons} })`,
  };
}
