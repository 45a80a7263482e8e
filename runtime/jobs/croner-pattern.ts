/**
 * A Cloudflare schedule as a croner pattern. Every field is written out as plain numbers, so
 * croner never reads names, steps or Cloudflare's weekday numbering (1 = Sunday) itself: croner
 * counts weekdays from 0 = Sunday. `*` stays `*`, because both read a day of month and a day of
 * week that are both restricted as "either one" and a `*` as no restriction.
 */
import type { CronSchedule, CronValues, DayOfMonth, DayOfWeek } from "./cron-syntax.js";

export function cronerPattern(schedule: CronSchedule): string {
  return [
    values(schedule.minute),
    values(schedule.hour),
    dayOfMonth(schedule.dayOfMonth),
    values(schedule.month),
    dayOfWeek(schedule.dayOfWeek),
  ].join(" ");
}

function values(list: CronValues, map: (value: number) => number = (value) => value): string {
  return list === null ? "*" : list.map(map).join(",");
}

function dayOfMonth(field: DayOfMonth): string {
  switch (field.kind) {
    case "values":
      return values(field.days);
    case "last":
      return "L";
    case "lastWeekday":
      return "LW";
    case "nearestWeekday":
      return `${field.day}W`;
  }
}

const fromSunday = (cloudflareDay: number): number => cloudflareDay - 1;

function dayOfWeek(field: DayOfWeek): string {
  switch (field.kind) {
    case "values":
      return values(field.days, fromSunday);
    case "last":
      return `${fromSunday(field.day)}L`;
    case "nth":
      return `${fromSunday(field.day)}#${field.nth}`;
  }
}
