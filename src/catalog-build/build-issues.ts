/** One problem in the export, located so the operator can fix it: file, line, field. */
export interface BuildIssue {
  file: string;
  line: number | null;
  field: string | null;
  message: string;
  /** An optional value the build dropped (offer-facts.ts): reported, never fatal. */
  dropped?: true;
}

export function formatIssue(issue: BuildIssue): string {
  const where = issue.line === null ? issue.file : `${issue.file}:${issue.line}`;
  return issue.field ? `${where}: ${issue.field}: ${issue.message}` : `${where}: ${issue.message}`;
}

/** Counts every issue but keeps only the first `keep`, so a wholly broken export stays cheap. */
export class IssueLog {
  readonly kept: BuildIssue[] = [];
  count = 0;
  private readonly keep: number;

  constructor(keep: number) {
    this.keep = keep;
  }

  add(issue: BuildIssue): void {
    this.count += 1;
    if (this.kept.length < this.keep) this.kept.push(issue);
  }
}
