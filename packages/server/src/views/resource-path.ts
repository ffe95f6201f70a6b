// Where the public API is mounted (the spec's `servers`: the base address ends in /api/public/v1).
export const API_BASE_PATH = '/api/public/v1';

/** The absolute path of a resource, for `Location` headers. */
export const resourcePath = (...segments: string[]) => `${API_BASE_PATH}/${segments.map(encodeURIComponent).join('/')}`;
