// What an assembler made of a source's fetched files: the one file an importer reads, or why not.
export interface AssembleResult {
  /** The file written (or confirmed unchanged), relative to the dataset folder; null when not built. */
  output: string | null;
  changed: boolean;
  problems: string[];
  /** What was left out on purpose and why (reported, not a failure). */
  notes?: string[];
}
