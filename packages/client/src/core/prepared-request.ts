// What openapi-fetch builds for each attempt, without building an undici Request: fetch() builds
// its own from the URL and init, and constructing a second one (URL parsing, header validation,
// following the abort signal) cost more per call than all of this client's own work. openapi-fetch
// takes the class through its `Request` option; it only reads `url`, `method` and `headers`.
export class PreparedRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly init: RequestInit;
  // openapi-fetch copies each init option the request lacks onto it (`signal` here), which would
  // add a property to every instance after construction; declaring it keeps one object shape.
  readonly signal: AbortSignal | null;

  constructor(url: string | URL, init: RequestInit = {}) {
    this.url = String(url);
    this.init = init;
    this.method = init.method ?? 'GET';
    this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    this.signal = init.signal ?? null;
  }
}
