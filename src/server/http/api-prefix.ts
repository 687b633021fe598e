// Where the versioned API lives (spec: every resource under /api/public/v1). Its own module so the
// OpenAPI document can name it without importing the app that serves the document.
export const API_PREFIX = '/api/public/v1';
