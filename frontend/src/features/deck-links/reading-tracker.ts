/**
 * Visible time per page, for the viewer's reports: time counts for the page on screen only while the
 * tab is visible and once a page has been drawn (a reader waiting for the first page is not reading
 * it); `take()` hands over what accrued since the last report and starts again.
 */
export class ReadingTracker {
  private page = 1;
  private visible: boolean;
  private drawn: boolean;
  private since: number;
  private pending = new Map<number, number>();
  /** The furthest-shown page is not tracked here: the server keeps the last page of each report. */
  constructor(
    private readonly now: () => number = () => performance.now(),
    visible = true,
    /** Whether a page is already on screen; if not, nothing counts until `markDrawn()`. */
    drawn = true,
  ) {
    this.visible = visible;
    this.drawn = drawn;
    this.since = now();
  }

  get current(): number {
    return this.page;
  }

  private commit() {
    const t = this.now();
    if (this.visible && this.drawn) this.pending.set(this.page, (this.pending.get(this.page) ?? 0) + (t - this.since));
    this.since = t;
  }

  show(page: number) {
    this.commit();
    this.page = page;
  }

  /** The first page is on screen: its time starts now. */
  markDrawn() {
    if (this.drawn) return;
    this.commit();
    this.drawn = true;
  }

  setVisible(visible: boolean) {
    this.commit();
    this.visible = visible;
  }

  /** Seconds per page since the last call (one decimal; pages under 0.05 s left out), page order. */
  take(): { page: number; seconds: number }[] {
    this.commit();
    const out = [...this.pending]
      .map(([page, ms]) => ({ page, seconds: Math.round(ms / 100) / 10 }))
      .filter((p) => p.seconds > 0)
      .sort((a, b) => a.page - b.page);
    this.pending.clear();
    return out;
  }
}
