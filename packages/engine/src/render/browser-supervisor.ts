// Owns the Chromium process: launched on first use, replaced after a number of renders (a
// long-lived browser only grows) or when it disconnects (a crash), closed with the renderer.
// A retired browser keeps serving the renders that hold it and closes when the last one ends.
import type { Browser } from 'playwright-core';

export interface BrowserLease {
  browser: Browser;
  /** Settles when this browser goes away, whether it crashed or was closed. */
  disconnected: Promise<void>;
  release(): void;
}

interface Generation {
  browser: Browser;
  disconnected: Promise<void>;
  dead: boolean;
  retired: boolean;
  /** Renders this browser was handed out for, over its life. */
  leased: number;
  /** Renders holding it now. */
  active: number;
}

export class RendererClosedError extends Error {
  constructor() {
    super('renderer is closed');
    this.name = 'RendererClosedError';
  }
}

export class BrowserSupervisor {
  private current: Generation | null = null;
  private launching: Promise<Generation> | null = null;
  private readonly live = new Set<Generation>();
  private closed = false;
  /** Browsers launched so far (for tests and stats). */
  launches = 0;

  constructor(
    private readonly launch: () => Promise<Browser>,
    private readonly relaunchAfter: number,
  ) {}

  get isClosed(): boolean {
    return this.closed;
  }

  async acquire(): Promise<BrowserLease> {
    for (;;) {
      if (this.closed) throw new RendererClosedError();
      const generation = this.current && this.usable(this.current) ? this.current : await this.fresh();
      // Renders that waited for the same launch may have used this browser up already.
      if (!this.usable(generation)) continue;
      generation.leased++;
      generation.active++;
      let released = false;
      return {
        browser: generation.browser,
        disconnected: generation.disconnected,
        release: () => {
          if (released) return;
          released = true;
          generation.active--;
          // Fire and forget: shut() swallows the browser's close error, and release() is synchronous.
          if (generation.retired && generation.active === 0) void this.shut(generation);
        },
      };
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.launching?.catch(() => undefined);
    await Promise.all([...this.live].map((generation) => this.shut(generation)));
  }

  private usable(generation: Generation): boolean {
    return !generation.dead && !generation.retired && generation.leased < this.relaunchAfter;
  }

  private fresh(): Promise<Generation> {
    if (this.launching) return this.launching;
    if (this.current) this.retire(this.current);
    this.launching = this.start().finally(() => {
      this.launching = null;
    });
    return this.launching;
  }

  private async start(): Promise<Generation> {
    const browser = await this.launch();
    this.launches++;
    let onDisconnect!: () => void;
    const generation: Generation = {
      browser,
      disconnected: new Promise<void>((resolve) => (onDisconnect = resolve)),
      dead: false,
      retired: false,
      leased: 0,
      active: 0,
    };
    browser.on('disconnected', () => {
      generation.dead = true;
      this.live.delete(generation);
      if (this.current === generation) this.current = null;
      onDisconnect();
    });
    this.live.add(generation);
    this.current = generation;
    if (this.closed) {
      await this.shut(generation);
      throw new RendererClosedError();
    }
    return generation;
  }

  private retire(generation: Generation): void {
    generation.retired = true;
    if (this.current === generation) this.current = null;
    if (generation.active === 0) void this.shut(generation);
  }

  private async shut(generation: Generation): Promise<void> {
    this.live.delete(generation);
    if (this.current === generation) this.current = null;
    await generation.browser.close().catch(() => undefined);
  }
}
