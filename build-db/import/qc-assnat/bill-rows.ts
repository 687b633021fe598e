// The Assemblée nationale's open-data list of bills (Données Québec, "Projets de loi",
// projets-de-loi.csv, CC BY-NC 4.0): one row per bill and session it sat in (a bill carried into a
// new session has a row in each, with the same `Id`), giving the title prefixed by the session the
// bill was presented in ("43-2 PL 1  Loi constitutionnelle de 2025 sur le Québec"), its type, the last
// stage passed as a code (`presentation`, `adoption_principe`, `sanction`, …) and its date.
import { csvRecords } from '../csv.js';

export interface QcBillRow {
  id: string;
  /** The session the bill was presented in (the title's prefix), which its page is named by. */
  legislature: number;
  session: number;
  number: string;
  title: string;
  type: string;
  lastStage: string | null;
  lastDate: string | null;
  line: number;
}

export const QC_BILL_COLUMNS = [
  'Id',
  'Numero_projet_loi',
  'Titre_projet_loi',
  'Type_projet_loi',
  'Derniere_etape_franchie',
  'Date_derniere_etape',
  'No_legislature',
  'No_session',
];

/** Rows of the file, each a bill of one session or the field that cannot be read. */
export function readQcBillRows(text: string): {
  rows: QcBillRow[];
  problems: Array<{ line: number; field: string; detail: string }>;
  missing: string[];
} {
  const records = csvRecords(text);
  const header = records[0] ? Object.keys(records[0].values) : [];
  const missing = QC_BILL_COLUMNS.filter((c) => c !== 'Id' && !header.includes(c));
  const rows: QcBillRow[] = [];
  const problems: Array<{ line: number; field: string; detail: string }> = [];
  if (missing.length) return { rows, problems, missing };
  for (const { line, values: v } of records) {
    const number = v.Numero_projet_loi.trim();
    const prefixed = /^\s*(\d+)-(\d+)\s+PL\s+(\S+)\s+(.+)$/.exec(v.Titre_projet_loi);
    const legislature = Number(prefixed?.[1] ?? v.No_legislature);
    const session = Number(prefixed?.[2] ?? v.No_session);
    const title = (prefixed?.[4] ?? v.Titre_projet_loi).replace(/\s+/g, ' ').trim();
    const date = v.Date_derniere_etape.trim();
    if (!/^\d+$/.test(number)) problems.push({ line, field: 'Numero_projet_loi', detail: JSON.stringify(v.Numero_projet_loi) });
    else if (!legislature || !session)
      problems.push({ line, field: 'No_legislature/No_session', detail: `${v.No_legislature}-${v.No_session}` });
    else if (!title) problems.push({ line, field: 'Titre_projet_loi', detail: 'empty' });
    else if (date && !/^\d{4}-\d{2}-\d{2}/.test(date)) problems.push({ line, field: 'Date_derniere_etape', detail: JSON.stringify(date) });
    else
      rows.push({
        id: v.Id?.trim() || `${legislature}-${session}/${number}`,
        legislature,
        session,
        number,
        title,
        type: v.Type_projet_loi.replace(/\s+/g, ' ').trim() || 'Projet de loi',
        lastStage: v.Derniere_etape_franchie.trim() || null,
        lastDate: date ? date.slice(0, 10) : null,
        line,
      });
  }
  return { rows, problems, missing };
}
