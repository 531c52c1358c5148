/**
 * When the map's traffic layer asks the server (issue 22, item 4: the usage limit is the user's
 * money): only while the layer is on AND the map panel is visible. Then at once, again every
 * `intervalMs`, and at once when the route's block or FIRs change; never otherwise (no timer runs
 * while the layer is off or the panel hidden). Pure of VS Code, so the rule is unit-tested.
 */

/** The traffic layer is asked again this often while it is shown (docs/limits.md). */
export const TRAFFIC_REFRESH_MS = 2 * 60_000;

export interface TrafficRefreshDeps {
  /** Asks the server for the traffic and posts it to the page. */
  fetch(): void;
  intervalMs?: number;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

export class TrafficRefresh {
  private layerOn = false;
  private panelVisible = false;
  /** The block and FIRs the traffic is of; a change asks again. */
  private target: string | undefined;
  private fetchedTarget: string | undefined;
  private timer: unknown;

  constructor(private readonly deps: TrafficRefreshDeps) {}

  /** True while the traffic may be asked for. */
  get active(): boolean {
    return this.layerOn && this.panelVisible && this.target !== undefined;
  }

  setLayer(on: boolean): void {
    this.layerOn = on;
    this.update();
  }

  setPanelVisible(visible: boolean): void {
    this.panelVisible = visible;
    this.update();
  }

  /** The block shown (uri, block, FIRs crossed); undefined when the map shows no route. */
  setTarget(target: string | undefined): void {
    this.target = target;
    this.update();
  }

  dispose(): void {
    this.stop();
  }

  private update(): void {
    if (!this.active) {
      // Shown again later, the traffic is asked afresh.
      this.stop();
      this.fetchedTarget = undefined;
      return;
    }
    if (this.timer !== undefined && this.fetchedTarget === this.target) return;
    this.stop();
    this.fetchNow();
    const every = this.deps.intervalMs ?? TRAFFIC_REFRESH_MS;
    this.timer = (this.deps.setInterval ?? setInterval)(() => this.fetchNow(), every);
  }

  private fetchNow(): void {
    if (!this.active) return;
    this.fetchedTarget = this.target;
    this.deps.fetch();
  }

  private stop(): void {
    if (this.timer === undefined) return;
    (this.deps.clearInterval ?? ((h) => clearInterval(h as ReturnType<typeof setInterval>)))(this.timer);
    this.timer = undefined;
  }
}
