/**
 * A small number for each document address, for data that the editor sends back (a code lens to
 * resolve): 40,000 lenses carry `1`, not the address 40,000 times. Numbers are never reused, so
 * a lens of a closed document still finds its address.
 */
export class DocumentNumbers {
  private readonly numbers = new Map<string, number>();
  private readonly uris: string[] = [];

  idOf(uri: string): number {
    let id = this.numbers.get(uri);
    if (id === undefined) {
      id = this.uris.push(uri);
      this.numbers.set(uri, id);
    }
    return id;
  }

  /** The address of a number given out before, or undefined. */
  uriOf(id: number): string | undefined {
    return Number.isInteger(id) && id >= 1 ? this.uris[id - 1] : undefined;
  }
}
