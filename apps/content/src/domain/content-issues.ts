/** One problem in one content file: the file (as `content/pages/x.md`), the field and what is wrong. */
export interface ContentIssue {
  file: string;
  field: string;
  message: string;
}

export const formatIssue = (issue: ContentIssue): string => `${issue.file}: ${issue.field}: ${issue.message}`;

/**
 * The import stopped because the content does not validate. Nothing was written; every problem
 * found is listed, so an editor fixes them all in one go rather than one per run.
 */
export class ContentValidationError extends Error {
  constructor(readonly issues: readonly ContentIssue[]) {
    super(`content import stopped: ${issues.length} problem(s)\n${issues.map(formatIssue).join('\n')}`);
    this.name = 'ContentValidationError';
  }
}

/** Collects issues while the content is read, so one run reports all of them. */
export class IssueCollector {
  private readonly list: ContentIssue[] = [];

  add(file: string, field: string, message: string): void {
    this.list.push({ file, field, message });
  }

  get issues(): readonly ContentIssue[] {
    return this.list;
  }

  get count(): number {
    return this.list.length;
  }

  throwIfAny(): void {
    if (this.list.length > 0) throw new ContentValidationError(this.list);
  }
}

/** zod issue path → field name as an editor reads it: `faq[2].answer`, `info.checked`. */
export function fieldName(path: readonly PropertyKey[], whole = 'front matter'): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || whole;
}
