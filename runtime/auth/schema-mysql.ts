/**
 * better-auth's tables for MySQL and MariaDB, as its Drizzle adapter reads them: the keys are
 * better-auth's field names, the columns snake_case. Ids and the columns that reference them are
 * `varchar(36)` (better-auth's ids are 32 characters), since MySQL cannot key or index `text`;
 * unique and indexed strings are `varchar(255)`.
 */
import { boolean, index, mysqlTable, text, timestamp, varchar } from "../db/schema-mysql.js";

const id = () => varchar("id", { length: 36 }).primaryKey();
const userId = () => varchar("user_id", { length: 36 }).notNull().references(() => user.id, { onDelete: "cascade" });
/** Millisecond precision, as better-auth compares expiry times. */
const time = (name: string) => timestamp(name, { fsp: 3 });

export const user = mysqlTable("user", {
  id: id(),
  name: varchar("name", { length: 255 }).notNull(),
  email: varchar("email", { length: 255 }).notNull().unique(),
  emailVerified: boolean("email_verified").default(false).notNull(),
  image: text("image"),
  createdAt: time("created_at").defaultNow().notNull(),
  updatedAt: time("updated_at").defaultNow().$onUpdate(() => new Date()).notNull(),
});

export const session = mysqlTable("session", {
  id: id(),
  expiresAt: time("expires_at").notNull(),
  token: varchar("token", { length: 255 }).notNull().unique(),
  createdAt: time("created_at").defaultNow().notNull(),
  updatedAt: time("updated_at").$onUpdate(() => new Date()).notNull(),
  ipAddress: text("ip_address"),
  userAgent: text("user_agent"),
  userId: userId(),
}, (table) => [index("session_user_id_idx").on(table.userId)]);

export const account = mysqlTable("account", {
  id: id(),
  accountId: text("account_id").notNull(),
  providerId: text("provider_id").notNull(),
  userId: userId(),
  accessToken: text("access_token"),
  refreshToken: text("refresh_token"),
  idToken: text("id_token"),
  accessTokenExpiresAt: time("access_token_expires_at"),
  refreshTokenExpiresAt: time("refresh_token_expires_at"),
  scope: text("scope"),
  password: text("password"),
  createdAt: time("created_at").defaultNow().notNull(),
  updatedAt: time("updated_at").$onUpdate(() => new Date()).notNull(),
}, (table) => [index("account_user_id_idx").on(table.userId)]);

export const verification = mysqlTable("verification", {
  id: id(),
  identifier: varchar("identifier", { length: 255 }).notNull(),
  value: text("value").notNull(),
  expiresAt: time("expires_at").notNull(),
  createdAt: time("created_at").defaultNow().notNull(),
  updatedAt: time("updated_at").defaultNow().$onUpdate(() => new Date()).notNull(),
}, (table) => [index("verification_identifier_idx").on(table.identifier)]);
