// A website's latest scan, as the build stores it (JSON in `websites.scan`) and the API shows it
// (decisions 5).
export interface WebsiteScan {
  ip_country: string | null;
  ip_city: string | null;
  ip_latitude: number | null;
  ip_longitude: number | null;
  hosting_provider: string | null;
  hosting_country: string | null;
  sovereignty_tier: number | null;
  cdn_detected: string | null;
  cms_detected: string | null;
  scanned_at: string;
}
