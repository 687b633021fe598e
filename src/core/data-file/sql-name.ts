// Table and column names the data file's own catalogue supplies (never user input) still go through
// SQL quoting, so a name holding a quote or a keyword cannot break the statement.

/** `name` as an SQL identifier: in double quotes, inner double quotes doubled. */
export const quoteName = (name: string): string => `"${name.replace(/"/g, '""')}"`;
