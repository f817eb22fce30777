/**
 * A small in-process event bus so that one area can react to another without importing it
 * (e.g. referrals are recorded when a user signs up; analysis caches are refreshed when prices
 * are loaded). Handlers run in order and are awaited by the emitter.
 */
export interface AppEvents {
  /** A new account was created through sign-up (referralCode is the one entered, if any). */
  'user.signedUp': { userId: number; referralCode?: string | undefined };
  /** Market data of an upload type was written (after the transaction committed). */
  'market.dataChanged': { uploadType: string; dates?: string[] };
}

type Handler<K extends keyof AppEvents> = (payload: AppEvents[K]) => Promise<void> | void;

export class EventBus {
  private readonly handlers = new Map<keyof AppEvents, Array<Handler<keyof AppEvents>>>();

  on<K extends keyof AppEvents>(event: K, handler: Handler<K>): void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler as Handler<keyof AppEvents>);
    this.handlers.set(event, list);
  }

  async emit<K extends keyof AppEvents>(event: K, payload: AppEvents[K]): Promise<void> {
    for (const handler of this.handlers.get(event) ?? []) {
      await handler(payload);
    }
  }
}
