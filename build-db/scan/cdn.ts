// The CDN in front of a site, from the response headers each CDN documents adding (Cloudflare's
// cf-ray, CloudFront's x-amz-cf-id, Fastly's x-served-by/x-fastly-request-id, Akamai's server
// AkamaiGHost, …). The first rule that matches names it; none: null.

type Headers = Record<string, string>;

const RULES: Array<[string, (h: Headers) => boolean]> = [
  ['Cloudflare', (h) => 'cf-ray' in h || /cloudflare/i.test(h.server ?? '')],
  ['Amazon CloudFront', (h) => 'x-amz-cf-id' in h || /cloudfront/i.test(`${h.via ?? ''} ${h['x-cache'] ?? ''}`)],
  [
    'Fastly',
    (h) =>
      'x-fastly-request-id' in h ||
      /fastly/i.test(`${h['x-served-by'] ?? ''} ${h.via ?? ''}`) ||
      /^cache-[a-z0-9-]+$/i.test(h['x-served-by'] ?? ''),
  ],
  [
    'Akamai',
    (h) => /akamai/i.test(`${h.server ?? ''} ${h['x-akamai-transformed'] ?? ''}`) || 'x-akamai-request-id' in h || 'akamai-grn' in h,
  ],
  ['Azure Front Door', (h) => 'x-azure-ref' in h],
  ['Google Cloud CDN', (h) => /google/i.test(h.via ?? '') && 'age' in h],
  ['Vercel', (h) => 'x-vercel-id' in h],
  ['Netlify', (h) => 'x-nf-request-id' in h],
  ['Sucuri', (h) => 'x-sucuri-id' in h || /sucuri/i.test(h.server ?? '')],
  ['Imperva', (h) => 'x-iinfo' in h || /incapsula/i.test(h['x-cdn'] ?? '')],
  ['Bunny CDN', (h) => /bunnycdn/i.test(h.server ?? '') || 'cdn-requestid' in h],
];

/** Header names lower-cased, as fetch gives them. */
export function detectCdn(headers: Headers): string | null {
  return RULES.find(([, test]) => test(headers))?.[0] ?? null;
}
