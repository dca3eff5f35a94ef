// Registers a custom element once: a hot reload or a second import must not throw.

export function define(name: string, ctor: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, ctor);
}
