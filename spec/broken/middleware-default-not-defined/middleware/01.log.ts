export default async function log(c: unknown, next: () => Promise<void>) {
  await next();
}
