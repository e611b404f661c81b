import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Scheduled rebuilds on Netlify, off by default. A function's schedule must be a literal that
 * Netlify reads without running the code, so `npm run build` writes the function itself when
 * REBUILD_SCHEDULE is set: a one-line module in the Frameworks API's functions folder
 * (.netlify/v1/functions, which Netlify bundles beside netlify/functions), with the schedule as
 * its config and the handler of scheduled-rebuild.ts. Unset, the folder holds no such function.
 */

/** Where Netlify's build looks for functions a build wrote (@netlify/build, FRAMEWORKS_API_FUNCTIONS_ENDPOINT). */
export const FRAMEWORKS_FUNCTIONS_DIR = join('.netlify', 'v1', 'functions');

/** The function's name on Netlify (from its file name). */
export const SCHEDULED_REBUILD_FUNCTION = 'scheduled-rebuild';

export class RebuildScheduleError extends Error {}

/**
 * Netlify's shorthands: the crontab extensions but @reboot and @annually (Netlify's docs), that
 * the parser Netlify validates netlify.toml's schedules with (cron-parser, in @netlify/config) knows.
 */
const SHORTHANDS = new Set(['@yearly', '@monthly', '@weekly', '@daily', '@hourly']);

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** The five fields of a crontab line: range, and names where crontab(5) allows them (first name = the minimum). */
const FIELDS: { name: string; min: number; max: number; names?: string[] }[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: MONTHS },
  // 7 is Sunday too, as in crontab(5).
  { name: 'day of week', min: 0, max: 7, names: DAYS },
];

/** One value of a field: a number in range, or a name; null if neither. */
function fieldValue(token: string, field: (typeof FIELDS)[number]): number | null {
  if (/^\d{1,2}$/.test(token)) {
    const n = Number(token);
    return n >= field.min && n <= field.max ? n : null;
  }
  const index = field.names?.indexOf(token.toUpperCase()) ?? -1;
  return index === -1 ? null : index + field.min;
}

/** Why one field is not crontab syntax (null: it is): a list of `*`, `a` or `a-b`, each with an optional step (`/n`) but a single value. */
function fieldProblem(text: string, field: (typeof FIELDS)[number]): string | null {
  for (const item of text.split(',')) {
    const match = /^(\*|([A-Za-z0-9]+)(?:-([A-Za-z0-9]+))?)(?:\/(\d{1,2}))?$/.exec(item);
    if (!match) return `${field.name}: "${item}" is not a value, a range, * or a step`;
    const [, , from, to, step] = match;
    if (step !== undefined && (Number(step) < 1 || Number(step) > field.max)) return `${field.name}: step "${step}" out of range`;
    if (from === undefined) continue;
    const low = fieldValue(from, field);
    const high = to === undefined ? low : fieldValue(to, field);
    if (low === null || high === null) return `${field.name}: "${item}" is outside ${field.min}-${field.max}`;
    if (high < low) return `${field.name}: the range "${item}" runs backwards`;
    // "5/15" means different things to different crons; a step needs * or a range.
    if (step !== undefined && to === undefined) return `${field.name}: a step needs * or a range ("${from}-${field.max}/${step}")`;
  }
  return null;
}

/**
 * Why REBUILD_SCHEDULE is not a schedule Netlify runs (null: it is one): five crontab fields
 * (minute, hour, day of month, month, day of week, in UTC) or @yearly, @monthly, @weekly, @daily,
 * @hourly. Stricter than some crons on purpose: no seconds field, no ?, L, W or #.
 */
export function cronScheduleProblem(expression: string): string | null {
  const text = expression.trim();
  if (text.startsWith('@')) {
    return SHORTHANDS.has(text.toLowerCase()) ? null : `"${text}" is not one of ${[...SHORTHANDS].join(', ')}`;
  }
  const fields = text.split(/\s+/);
  if (fields.length !== 5) {
    return `"${text}" has ${fields.length} field${fields.length === 1 ? '' : 's'}; a schedule has five (minute hour day-of-month month day-of-week, UTC) or is a shorthand such as @daily`;
  }
  for (const [i, field] of FIELDS.entries()) {
    const problem = fieldProblem(fields[i]!, field);
    if (problem) return `"${text}": ${problem}`;
  }
  return null;
}

export type RebuildPlan =
  /** No scheduled rebuild; `note` says why, when there is something to say. */
  { schedule: null; note?: string } | { schedule: string; note?: string };

const HOOK_HELP =
  'create a build hook (Project configuration → Build & deploy → Continuous deployment → Build hooks) and store its URL in the environment variable ' +
  'REBUILD_HOOK_URL, with the scopes Builds and Functions (the default: all scopes)';

/**
 * What the build does about REBUILD_SCHEDULE; throws RebuildScheduleError, with a message for the
 * operator, when it cannot work. REBUILD_HOOK_URL's value is never part of a message.
 */
export function planScheduledRebuild(env: Record<string, string | undefined>): RebuildPlan {
  const schedule = env.REBUILD_SCHEDULE?.trim() ?? '';
  if (schedule === '') return { schedule: null };
  if (env.NETLIFY !== 'true') {
    return {
      schedule: null,
      note: 'REBUILD_SCHEDULE is read by Netlify builds only; self-hosted, run `npm run rebuild` on a schedule (cron, a systemd timer: docs/operations.md)',
    };
  }
  const problem = cronScheduleProblem(schedule);
  if (problem) throw new RebuildScheduleError(`REBUILD_SCHEDULE: ${problem}`);
  // Functions read it when they run; the build checks it is there, so its scopes must include Builds.
  const hook = env.REBUILD_HOOK_URL?.trim() ?? '';
  if (hook === '') throw new RebuildScheduleError(`REBUILD_SCHEDULE is set but REBUILD_HOOK_URL is not: ${HOOK_HELP}`);
  if (!URL.canParse(hook) || new URL(hook).protocol !== 'https:') {
    throw new RebuildScheduleError(`REBUILD_HOOK_URL is not an https URL (its value is not shown: it is a secret); ${HOOK_HELP}`);
  }
  const url = new URL(hook);
  const note =
    url.hostname === 'api.netlify.com' && url.pathname.startsWith('/build_hooks/')
      ? undefined
      : 'REBUILD_HOOK_URL does not look like a Netlify build hook (https://api.netlify.com/build_hooks/…); the function will POST it anyway';
  return { schedule, ...(note ? { note } : {}) };
}

/** The handler module the generated function re-exports. */
const HANDLER = fileURLToPath(new URL('../platform/netlify/scheduled-rebuild.ts', import.meta.url));

/** The generated function's source: the handler, and the schedule as a literal Netlify reads statically. */
export function scheduledRebuildSource(schedule: string, functionsDir: string): string {
  const path = relative(resolve(functionsDir), HANDLER).split(sep).join('/');
  return [
    '// Written by `npm run build` because REBUILD_SCHEDULE is set (src/netlify-build/rebuild-schedule.ts); do not edit.',
    '// Netlify reads the schedule without running this file, so it is a literal.',
    `export { default } from ${JSON.stringify(path.startsWith('.') ? path : `./${path}`)};`,
    '',
    `export const config = { schedule: ${JSON.stringify(schedule)} };`,
    '',
  ].join('\n');
}

/**
 * Writes the scheduled function for the plan, or removes one an earlier build left; returns the
 * file written, or null.
 */
export function writeScheduledRebuild(plan: RebuildPlan, functionsDir: string = FRAMEWORKS_FUNCTIONS_DIR): string | null {
  const file = join(functionsDir, `${SCHEDULED_REBUILD_FUNCTION}.ts`);
  if (plan.schedule === null) {
    rmSync(file, { force: true });
    return null;
  }
  mkdirSync(functionsDir, { recursive: true });
  writeFileSync(file, scheduledRebuildSource(plan.schedule, functionsDir));
  return file;
}
