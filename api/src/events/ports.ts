/**
 * The ports of a lower module: answers it needs from modules above it (who pays for this booking, what fee), declared
 * as an interface in its `<domain>.ports.ts` and supplied by the higher modules in their descriptors
 * (`ports: (services) => ({ bookings: { payer: ... } })`). The lower service reads them through `ports.get(name)`
 * (null while none is supplied: the feature is off).
 */
export class Ports<P extends object> {
  private readonly supplied: Partial<P> = {};
  private readonly by = new Map<keyof P, string>();

  /** Called while the services are built (services.ts): one supplier per port. */
  supply(part: Partial<P>, module: string): void {
    for (const name of Object.keys(part) as (keyof P)[]) {
      if (this.by.has(name)) throw new Error(`The port ${String(name)} is supplied by ${this.by.get(name)} and ${module}.`);
      this.by.set(name, module);
      this.supplied[name] = part[name];
    }
  }

  get<K extends keyof P>(name: K): P[K] | null {
    return this.supplied[name] ?? null;
  }
}
