/**
 * A read-only view of whatever record `read` returns at the moment it is read. `read` goes
 * through the page context's getters, so a template or `$derived` reading a field follows client
 * navigation; a value copied out of it (destructured in a script) keeps the page it was read on.
 */
export function liveRecord<Value extends object>(read: () => Value): Value {
  return new Proxy({} as Value, {
    get: (_target, key) => Reflect.get(read(), key),
    has: (_target, key) => Reflect.has(read(), key),
    ownKeys: () => Reflect.ownKeys(read()),
    getOwnPropertyDescriptor(_target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(read(), key);
      // A proxy may only report a property its (empty) target lacks as configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    set: () => false,
    deleteProperty: () => false,
    defineProperty: () => false,
  });
}
