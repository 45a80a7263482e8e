/**
 * A record whose every read goes to the object an accessor returns now, as Solid's stores read:
 * `params.slug` in JSX or an effect follows navigations, with no accessor call to write.
 */
export function readThrough<Value extends object>(current: () => Value): Value {
  return new Proxy({} as Value, {
    get: (_target, key) => Reflect.get(current(), key),
    has: (_target, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor(_target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key);
      // A proxy may only report a property its (empty) target lacks as configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
