/**
 * Password hashing on node:crypto's scrypt (native under the worker's `nodejs_compat`), not the
 * pure-JS scrypt better-auth picks on workerd, which takes more than twice the CPU. Still, one hash
 * is about 60 ms of CPU (bench figure 11): more than the free plan's 10 ms, within the paid
 * plan's. The parameters and the `salt:key` hex format are better-auth's own, so hashes it wrote
 * verify here and the other way round.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const N = 16384;
const r = 16;
const p = 1;
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: 128 * N * r * 2 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${(await derive(password, salt)).toString("hex")}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(":");
  if (!salt || !key) return false;
  const expected = Buffer.from(key, "hex");
  const actual = await derive(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
