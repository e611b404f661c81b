import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files start in. Vitest's own sequencer starts one project's files after another's
 * (by name), so the long files of the last project (the built server's, the Netlify emulation's,
 * MCP's official tools) began with half the run behind them and ended it on one core. Here the
 * projects whose files take longest start first (targets, then browser, then integration, then
 * unit: the many short files fill the gaps at the end); within a project, Vitest's order (the last
 * run's longest first, or the largest file on a fresh clone).
 */
const PROJECT_ORDER = ['targets', 'browser', 'integration', 'unit'];

const rank = (spec: TestSpecification): number => {
  const at = PROJECT_ORDER.indexOf(spec.project.name);
  return at === -1 ? PROJECT_ORDER.length : at;
};

export default class SlowProjectsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: within a project, Vitest's order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
