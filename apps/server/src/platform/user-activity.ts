/**
 * When each user last had an event on this node's bus (an order, a balance change, a notice...),
 * as far back as `windowMs`: what a socket's `authed` reply tells the client, so that a page
 * whose data was loaded within that quiet time need not load it all again (realtime-client.ts).
 *
 * Two generations of at most `windowMs` each: an event is kept for at least `windowMs` and at most
 * twice that, so memory holds only the users active lately however long the node runs.
 */
export class UserActivity {
  private recent = new Map<number, number>();
  private older = new Map<number, number>();
  private rotatedAt: number;
  private readonly startedAt: number;

  constructor(
    private readonly windowMs = 60_000,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.startedAt = this.rotatedAt = now();
  }

  /** A user had an event just now. */
  touch(userId: number): void {
    const now = this.now();
    this.rotate(now);
    this.recent.set(userId, now);
  }

  /**
   * How long, in whole ms, the user has had no event that this node knows of: never more than the
   * window, nor than the time since the node started (it knows nothing from before).
   */
  quietMs(userId: number): number {
    const now = this.now();
    this.rotate(now);
    const last = this.recent.get(userId) ?? this.older.get(userId);
    const quiet = last === undefined ? this.windowMs : now - last;
    return Math.max(0, Math.floor(Math.min(quiet, this.windowMs, now - this.startedAt)));
  }

  private rotate(now: number): void {
    if (now - this.rotatedAt < this.windowMs) return;
    // After two windows without a rotation nothing kept is recent enough to matter.
    this.older = now - this.rotatedAt < 2 * this.windowMs ? this.recent : new Map<number, number>();
    this.recent = new Map();
    this.rotatedAt = now;
  }
}
