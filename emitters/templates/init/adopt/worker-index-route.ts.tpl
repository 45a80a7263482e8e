// `/` itself, which routes/[...path].ts (one or more segments) does not match: the same worker.
export { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } from "./[...path].ts";
