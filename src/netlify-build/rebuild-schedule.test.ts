import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The parser Netlify's own configuration check validates netlify.toml's schedules with
// (@netlify/config's validations, "must be a valid cron expression"); here through @netlify/dev.
import { CronExpressionParser } from 'cron-parser';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cronScheduleProblem,
  FRAMEWORKS_FUNCTIONS_DIR,
  planScheduledRebuild,
  RebuildScheduleError,
  scheduledRebuildSource,
  writeScheduledRebuild,
} from './rebuild-schedule.ts';

const ACCEPTED = [
  '0 0 * * *',
  '5 4 * * *',
  '@daily',
  '@hourly',
  '@weekly',
  '@monthly',
  '@yearly',
  '*/15 * * * *',
  '0 6,18 * * 1-5',
  '30 2 1-15/2 JAN-jun sun',
  '0 3 * * 7',
  '  0 5 * * *  ',
  '59 23 31 12 6',
];

const REFUSED: [string, RegExp][] = [
  ['', /has 1 field/],
  ['0 0 * *', /has 4 fields/],
  ['0 0 0 * * *', /has 6 fields/],
  ['60 * * * *', /minute: "60" is outside 0-59/],
  ['0 24 * * *', /hour: "24"/],
  ['0 0 0 * *', /day of month: "0"/],
  ['0 0 * 13 *', /month: "13"/],
  ['0 0 * * 8', /day of week: "8"/],
  ['0 0 * * MON#2', /day of week: "MON#2" is not a value/],
  ['0 0 L * *', /day of month: "L"/],
  ['0 0 ? * *', /day of month: "\?" is not a value/],
  ['30-10 * * * *', /runs backwards/],
  ['*/0 * * * *', /step "0" out of range/],
  ['5/15 * * * *', /a step needs \* or a range \("5-59\/15"\)/],
  ['@reboot', /not one of @yearly, @monthly, @weekly, @daily, @hourly/],
  ['@annually', /not one of/],
  ['@every 1h', /not one of/],
  ['daily', /has 1 field/],
];

describe('REBUILD_SCHEDULE', () => {
  it.each(ACCEPTED)('accepts %j, as Netlify’s own cron parser does', (expression) => {
    expect(cronScheduleProblem(expression)).toBeNull();
    expect(() => CronExpressionParser.parse(expression.trim())).not.toThrow();
  });

  it.each(REFUSED)('refuses %j with a reason', (expression, reason) => {
    expect(cronScheduleProblem(expression)).toMatch(reason);
  });

  const hook = 'https://api.netlify.com/build_hooks/5c23354f454e1350f8543e78';

  it('is off when unset, on Netlify or not', () => {
    expect(planScheduledRebuild({ NETLIFY: 'true' })).toEqual({ schedule: null });
    expect(planScheduledRebuild({ NETLIFY: 'true', REBUILD_SCHEDULE: '  ' })).toEqual({ schedule: null });
    expect(planScheduledRebuild({})).toEqual({ schedule: null });
  });

  it('is read by Netlify builds only, and says so elsewhere', () => {
    const plan = planScheduledRebuild({ REBUILD_SCHEDULE: '@daily', REBUILD_HOOK_URL: hook });
    expect(plan.schedule).toBeNull();
    expect(plan.note).toMatch(/Netlify builds only; self-hosted, run `npm run rebuild` on a schedule/);
  });

  it('plans the function on Netlify with a valid schedule and a hook', () => {
    expect(planScheduledRebuild({ NETLIFY: 'true', REBUILD_SCHEDULE: ' 0 6 * * * ', REBUILD_HOOK_URL: hook })).toEqual({
      schedule: '0 6 * * *',
    });
  });

  it('fails early on a bad schedule, naming the variable', () => {
    expect(() => planScheduledRebuild({ NETLIFY: 'true', REBUILD_SCHEDULE: '0 25 * * *', REBUILD_HOOK_URL: hook })).toThrow(
      new RebuildScheduleError('REBUILD_SCHEDULE: "0 25 * * *": hour: "25" is outside 0-23'),
    );
  });

  it('fails early without the hook, and never shows the hook in a message', () => {
    expect(() => planScheduledRebuild({ NETLIFY: 'true', REBUILD_SCHEDULE: '@daily' })).toThrow(
      /REBUILD_SCHEDULE is set but REBUILD_HOOK_URL is not: create a build hook .* scopes Builds and Functions/,
    );
    const secret = 'http://api.netlify.com/build_hooks/secret-id';
    let message = '';
    try {
      planScheduledRebuild({ NETLIFY: 'true', REBUILD_SCHEDULE: '@daily', REBUILD_HOOK_URL: secret });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^REBUILD_HOOK_URL is not an https URL \(its value is not shown: it is a secret\)/);
    expect(message).not.toContain('secret-id');
  });

  it('notes a hook that is not a Netlify build hook, without its value', () => {
    const plan = planScheduledRebuild({ NETLIFY: 'true', REBUILD_SCHEDULE: '@daily', REBUILD_HOOK_URL: 'https://hooks.example/x1' });
    expect(plan.schedule).toBe('@daily');
    expect(plan.note).toMatch(/does not look like a Netlify build hook/);
    expect(plan.note).not.toContain('hooks.example');
  });
});

describe('the generated function', () => {
  const root = mkdtempSync(join(tmpdir(), 'rebuild-schedule-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('re-exports the handler and states the schedule as a literal', () => {
    const source = scheduledRebuildSource('15 5 * * *', FRAMEWORKS_FUNCTIONS_DIR);
    expect(source).toContain('export { default } from "../../../src/platform/netlify/scheduled-rebuild.ts";');
    expect(source).toContain('export const config = { schedule: "15 5 * * *" };');
  });

  it('is written for a schedule and removed without one', () => {
    const dir = join(root, '.netlify', 'v1', 'functions');
    const file = writeScheduledRebuild({ schedule: '@daily' }, dir);
    expect(file).toBe(join(dir, 'scheduled-rebuild.ts'));
    expect(readFileSync(file!, 'utf8')).toContain('{ schedule: "@daily" }');
    expect(writeScheduledRebuild({ schedule: null }, dir)).toBeNull();
    expect(existsSync(file!)).toBe(false);
    // Nothing to remove is no error.
    expect(writeScheduledRebuild({ schedule: null }, dir)).toBeNull();
  });
});
