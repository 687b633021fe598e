// A turn's label as printed by Hansards that name a member by surname, with the riding only where two
// share it (Alberta's "Mr. Nixon (Rimbey-Rocky Mountain House-Sundre):", Québec's "Mme Roy
// (Verchères)"): what the linking step needs, whatever the language of the label.
export interface PrintedSpeaker {
  raw: string;
  /** The surname printed (the holder's, for an office with one in brackets); null when none is. */
  lastName: string | null;
  riding: string | null;
  /** The office, for a presiding officer ("Speaker", "Présidente", "Vice-Président"). */
  role: string | null;
  presiding: boolean;
  kind: 'member' | 'presiding' | 'collective' | 'official' | null;
}
