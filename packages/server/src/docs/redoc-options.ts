// Redoc options for a page that must work offline. Redoc's default theme names
// Roboto and Montserrat, which its usual HTML template loads from Google Fonts;
// system font stacks need no download and still look native on every platform.

const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif';
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace';

export const redocOptions = {
  // The download button serves the embedded document from memory: no request.
  hideDownloadButton: false,
  expandResponses: '200,201,202',
  jsonSampleExpandLevel: 3,
  theme: {
    typography: {
      fontFamily: SANS,
      headings: { fontFamily: SANS },
      code: { fontFamily: MONO },
    },
  },
} as const;
