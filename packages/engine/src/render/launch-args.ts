// How Chromium is started for rendering. The route in guarded-route.ts fetches every request the
// page makes through the SSRF guard, but Playwright lets a few kinds of traffic past its route
// (redirect hops, requests of shared workers, requests without a frame) and WebSockets, preconnects
// and WebRTC never reach a route at all. So Chromium is also left unable to open any connection of
// its own: whatever escapes the route fails inside the browser instead of reaching the network.

/** V8 heap per renderer process: a runaway page fails with an out-of-memory crash of its tab. */
const RENDERER_HEAP_MB = 512;

export const LAUNCH_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these Chromium keeps calling home (updates, sync, field trials) on a machine that
  // may have no outside network, or must not use it.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Containers often give /dev/shm 64 MB, which crashes tabs under load.
  '--disable-dev-shm-usage',
  // Every host name, IP literals included, fails to resolve inside Chromium: a WebSocket, a
  // preconnect, a TURN-over-TCP candidate or a request Playwright did not route never connects.
  '--host-resolver-rules=MAP * ~NOTFOUND',
  // WebRTC sends STUN over UDP to literal addresses without any name resolution; with no proxy
  // configured this policy leaves WebRTC no UDP at all.
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  `--js-flags=--max-old-space-size=${RENDERER_HEAP_MB}`,
];
