import { verifyDataFile } from '../db/verify-data-file.js';

/** `canpol verify FILE`: prints the checks as JSON; 0 sound, 1 not. */
export function verifyCommand({ file }: { file: string }): number {
  const result = verifyDataFile(file);
  console.log(JSON.stringify(result, null, 2));
  if (!result.ok) console.error(`canpol verify: ${file} failed: ${result.problems.join('; ')}`);
  return result.ok ? 0 : 1;
}
