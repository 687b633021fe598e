// One problem found in a source bundle, named by file, line and field, so a failed build can list them all.
export interface SourceIssue {
  file: string;
  line: number | null;
  field: string | null;
  message: string;
}
