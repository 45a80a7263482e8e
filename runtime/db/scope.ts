/**
 * The middleware that makes each request one scope of the database, first in the app's chain when
 * its database is reached per request (PostgreSQL and MySQL through Hyperdrive).
 */
import { defineMiddleware } from "../index.js";
import { inDatabaseScope } from "./registry.js";

export const databaseScope = defineMiddleware((c, next) => inDatabaseScope(c.executionCtx, next));
