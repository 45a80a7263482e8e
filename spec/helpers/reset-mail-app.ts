/** The files that give an auth app a password reset by mail, for the specs that reset passwords. */

export const RESET_MAIL_AUTH_TS = `import { defineAuth } from "sdk/auth";
import { sendEmail } from "sdk/email";

export default defineAuth({
  emailAndPassword: {
    minPasswordLength: 10,
    sendResetPassword: async ({ user, url }) => {
      await sendEmail({ to: user.email, subject: "Reset your password", text: \`Choose a new password: \${url}\` });
    },
  },
});
`;

export const MAIL_CONFIG = `import { defineConfig } from "sdk/config";

export default defineConfig({ email: { from: "App <noreply@example.com>" } });
`;
