import { defineAuth } from "sdk/auth";

// The bench signs in hundreds of times from one address. A sign-in limit far above that keeps
// the default limiter in the measured path (counted per request, as in a deployment) without
// turning the bench's sign-ins into 429s.
export default defineAuth({ rateLimit: { customRules: { "/sign-in/email": { window: 10, max: 1_000_000 } } } });
