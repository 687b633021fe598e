// GET /docs: one self-contained HTML page (inline CSS, no script, no external resource: the binary
// may run offline) rendered from the OpenAPI document, so the page and the document cannot differ.

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked as plain JSON
type Json = Record<string, any>;

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const inline = (s: string) =>
  esc(s)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');

/** The little Markdown the document's texts use: `code`, **bold**, paragraphs and "- " lists. */
function md(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n\n+/)
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((l) => l.startsWith('- '))) return `<ul>${lines.map((l) => `<li>${inline(l.slice(2))}</li>`).join('')}</ul>`;
      const list = lines.findIndex((l) => l.startsWith('- '));
      if (list > 0 && lines.slice(list).every((l) => l.startsWith('- '))) {
        return `<p>${inline(lines.slice(0, list).join(' '))}</p><ul>${lines
          .slice(list)
          .map((l) => `<li>${inline(l.slice(2))}</li>`)
          .join('')}</ul>`;
      }
      return `<p>${inline(lines.join(' '))}</p>`;
    })
    .join('\n');
}

/** A parameter's schema in a few words: type, enum, bounds, pattern, default. */
function schemaSummary(s: Json): string {
  const parts: string[] = [];
  if (s.type === 'array') parts.push(`list of ${schemaSummary(s.items)}${s.maxItems ? `, at most ${s.maxItems}` : ''}`);
  else if (s.enum) parts.push(s.enum.map((v: string) => `<code>${esc(v)}</code>`).join(' | '));
  else parts.push(esc(s.format ? `${s.type} (${s.format})` : s.type));
  if (s.minimum !== undefined || s.maximum !== undefined) parts.push(esc(`${s.minimum ?? '…'} to ${s.maximum ?? '…'}`));
  if (s.minLength !== undefined || s.maxLength !== undefined) parts.push(esc(`${s.minLength ?? 0}-${s.maxLength ?? '…'} characters`));
  if (s.pattern) parts.push(`pattern <code>${esc(s.pattern)}</code>`);
  if (s.default !== undefined) parts.push(`default <code>${esc(s.default)}</code>`);
  return parts.join(', ');
}

function errorCodes(response: Json): string[] {
  return response.content?.['application/json']?.schema?.allOf?.[1]?.properties?.code?.enum ?? [];
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function operationHtml(path: string, pathItem: Json, base: string): string {
  const op = pathItem.get as Json;
  const full = `${pathItem.servers ? '' : base}${path}`;
  const params = (op.parameters ?? []).filter((p: Json) => !p.$ref);
  const paramRows = params
    .map(
      (p: Json) => `<tr><td><code>${esc(p.name)}</code>${p.required ? ' <em>required</em>' : ''}</td><td>${esc(p.in)}</td>
      <td>${schemaSummary(p.schema)}</td><td>${md(p.description)}</td></tr>`,
    )
    .join('\n');
  const responses = Object.entries(op.responses as Json)
    .map(([status, r]) => {
      const codes = errorCodes(r as Json);
      const what = codes.length
        ? codes.map((c) => `<code>${esc(c)}</code>`).join(', ')
        : inline(String((r as Json).description).split('\n')[0]);
      return `<li><strong>${esc(status)}</strong> ${what}</li>`;
    })
    .join('\n');
  const body = op.responses['200'].content;
  const type = Object.keys(body)[0];
  const schema = body[type].schema as Json;
  const bodyText = schema.$ref
    ? schema.$ref.split('/').pop()
    : (schema.description ?? (schema.oneOf ? 'one of the shapes below' : 'object'));
  return `<section class="op" id="${slug(op.operationId)}">
  <h3><span class="verb">GET</span> <code>${esc(full)}</code></h3>
  <p class="summary">${esc(op.summary)}</p>
  ${md(op.description)}
  ${params.length ? `<table><thead><tr><th>parameter</th><th>in</th><th>schema</th><th>description</th></tr></thead><tbody>${paramRows}</tbody></table>` : '<p class="none">No parameters.</p>'}
  <p><strong>200</strong> <code>${esc(type)}</code>: ${esc(bodyText)}${op['x-cache-max-age'] === 'no-store' ? '' : `; <code>Cache-Control: public, max-age=${esc(op['x-cache-max-age'])}</code>`}</p>
  <ul class="responses">${responses}</ul>
</section>`;
}

const CSS = `body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:0 auto;padding:1rem 2rem;color:#1b1f24}
code{font:13px ui-monospace,monospace;background:#f2f4f7;padding:0 .2em;border-radius:3px}
h1{margin-bottom:0}h2{border-bottom:2px solid #d0d7de;padding-bottom:.2rem;margin-top:2.5rem}
.op{border:1px solid #d0d7de;border-radius:6px;padding:.2rem 1rem;margin:1rem 0}
.verb{background:#1f6feb;color:#fff;border-radius:3px;padding:0 .4em;font-size:13px}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}td p{margin:0}.summary{font-weight:600}.none{color:#57606a}nav ul{columns:2}`;

/** The page, from the document (a plain JSON value as buildOpenApiDocument returns). */
export function renderDocsPage(doc: Json): string {
  const base = (doc.servers as Json[])[0].url as string;
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    const tag = (item as Json).get.tags[0] as string;
    byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(path, item as Json, base)]);
  }
  const nav = [...(doc.paths ? Object.entries(doc.paths as Json) : [])]
    .map(
      ([path, item]) =>
        `<li><a href="#${slug((item as Json).get.operationId)}"><code>${esc(`${(item as Json).servers ? '' : base}${path}`)}</code></a></li>`,
    )
    .join('');
  const catalog = Object.entries(doc['x-error-catalog'] as Json)
    .map(
      ([code, e]) =>
        `<tr><td>${esc((e as Json).status)}</td><td><code>${esc(code)}</code></td><td>${md((e as Json).when)}</td><td>${(e as Json).headers.map((h: string) => `<code>${esc(h)}</code>`).join(' ')}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(doc.info.title)} ${esc(doc.info.version)}</title><style>${CSS}</style></head>
<body>
<h1>${esc(doc.info.title)}</h1>
<p>Version ${esc(doc.info.version)}. Machine-readable: <a href="${esc(base)}/openapi.json"><code>${esc(base)}/openapi.json</code></a> (OpenAPI ${esc(doc.openapi)}).</p>
${md(doc.info.description)}
<h2 id="errors">Errors</h2>
<p>Every error has one JSON shape: <code>{ statusCode, code, error, message, issues? }</code>.</p>
<table><thead><tr><th>status</th><th>code</th><th>when</th><th>extra headers</th></tr></thead><tbody>${catalog}</tbody></table>
<h2 id="endpoints">Endpoints</h2>
<nav><ul>${nav}</ul></nav>
${[...byTag].map(([tag, ops]) => `<h2 id="${slug(tag)}">${esc(tag)}</h2>\n${ops.join('\n')}`).join('\n')}
</body></html>
`;
}
